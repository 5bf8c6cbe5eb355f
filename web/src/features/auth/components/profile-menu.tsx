import type { User } from '@sideline/domain';
import { Award, ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { builtScreens, paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useSignOut } from '../use-sign-out.ts';
import { roleBadgeTone, roleLabel } from '../roles.ts';
import { ProfileDialog } from './profile-dialog.tsx';

export type ProfileMenuVariant = 'header' | 'bottom-nav' | 'sidebar';

interface ProfileMenuProps {
  user: User;
  /** Where the trigger sits: the top header (avatar), the bottom navigation, or the sidebar. */
  variant?: ProfileMenuVariant;
  className?: string;
}

function ProfileTrigger({ user, variant }: { user: User; variant: ProfileMenuVariant }) {
  if (variant === 'bottom-nav') {
    return (
      <>
        <Avatar name={user.name} src={user.avatarUrl} size="xs" className="ring-2 ring-white" />
        <span className="text-[11px] leading-none font-medium">Profile</span>
      </>
    );
  }
  if (variant === 'sidebar') {
    return (
      <>
        <Avatar name={user.name} src={user.avatarUrl} size="md" />
        <span className="min-w-0 flex-1 text-left">
          <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
          <Badge tone={roleBadgeTone(user.role)} className="mt-0.5">
            {roleLabel(user.role)}
          </Badge>
        </span>
        <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </>
    );
  }
  return (
    <>
      <Avatar name={user.name} src={user.avatarUrl} size="sm" />
      <ChevronDown className="size-4 text-slate-400" aria-hidden="true" />
    </>
  );
}

const triggerClassNames: Record<ProfileMenuVariant, string> = {
  header:
    'flex items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100',
  'bottom-nav':
    'flex h-full w-full flex-col items-center justify-center gap-1 text-slate-500 transition-colors hover:text-slate-900 data-[state=open]:text-brand-600',
  sidebar:
    'flex w-full items-center gap-3 rounded-xl p-2 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100',
};

/**
 * Spec §2 "Profile menu": identity summary, View Profile, Badges & Rewards, Settings, Log out.
 * The trigger's accessible name is "Profile menu" in every variant.
 */
export function ProfileMenu({ user, variant = 'header', className }: ProfileMenuProps) {
  const [profileOpen, setProfileOpen] = useState(false);
  const { signOut, isPending: signingOut } = useSignOut();
  const navigate = useNavigate();

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger aria-label="Profile menu" className={cn(triggerClassNames[variant], className)}>
          <ProfileTrigger user={user} variant={variant} />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={variant === 'bottom-nav' ? 'top' : 'bottom'}
          align={variant === 'sidebar' ? 'start' : 'end'}
          collisionPadding={8}
        >
          <DropdownMenuLabel className="flex items-center gap-3">
            <Avatar name={user.name} src={user.avatarUrl} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
              <Badge tone={roleBadgeTone(user.role)} className="mt-1">
                {roleLabel(user.role)}
              </Badge>
            </div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
            <UserRound className="size-4" aria-hidden="true" />
            View Profile
          </DropdownMenuItem>
          {builtScreens.gamification ? (
            <DropdownMenuItem onSelect={() => navigate(paths.gamification)}>
              <Award className="size-4" aria-hidden="true" />
              Badges &amp; Rewards
            </DropdownMenuItem>
          ) : null}
          {builtScreens.settings ? (
            <DropdownMenuItem>
              <Settings className="size-4" aria-hidden="true" />
              Settings
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive disabled={signingOut} onSelect={signOut}>
            <LogOut className="size-4" aria-hidden="true" />
            {signingOut ? 'Logging out...' : 'Log out'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </>
  );
}

import type { User } from '@sideline/domain';
import { Award, LogOut, Settings, UserRound } from 'lucide-react';
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
import { ProfileTrigger, profileTriggerClassNames, type ProfileMenuVariant } from './profile-trigger.tsx';

interface ProfileMenuPopupProps {
  user: User;
  variant: ProfileMenuVariant;
  className?: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Profile menu itself (Radix dropdown) and the View Profile dialog, loaded on first use. */
export function ProfileMenuPopup({ user, variant, className, open, onOpenChange }: ProfileMenuPopupProps) {
  const [profileOpen, setProfileOpen] = useState(false);
  const { signOut, isPending: signingOut } = useSignOut();
  const navigate = useNavigate();

  return (
    <>
      <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger
          aria-label={variant === 'sidebar' ? undefined : 'Profile menu'}
          className={cn(profileTriggerClassNames[variant], className)}
        >
          <ProfileTrigger user={user} variant={variant} />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={variant === 'bottom-nav' ? 'top' : 'bottom'}
          align={variant === 'sidebar' ? 'start' : 'end'}
          collisionPadding={8}
          className="min-w-64"
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
            <DropdownMenuItem onSelect={() => navigate(paths.settings)}>
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

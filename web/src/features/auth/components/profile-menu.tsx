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
import { toast } from '../../../components/ui/use-toast.ts';
import { builtScreens, paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useLogout } from '../api.ts';
import { roleBadgeTone, roleLabel } from '../roles.ts';
import { ProfileDialog } from './profile-dialog.tsx';

/** Spec §2 "Profile menu": identity summary, View Profile, Badges & Rewards, Settings, Log out. */
export function ProfileMenu({ user }: { user: User }) {
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Goodbye!', description: "You've been logged out successfully." });
        navigate(paths.auth, { replace: true });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Logout failed', description: getErrorMessage(error) });
      },
    });
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label="Profile menu"
          className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <Avatar name={user.name} src={user.avatarUrl} size="sm" />
          <ChevronDown className="size-4 text-slate-400" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
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
          <DropdownMenuItem destructive disabled={logout.isPending} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            {logout.isPending ? 'Logging out...' : 'Log out'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </>
  );
}

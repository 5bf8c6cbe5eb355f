import type { User } from '@sideline/domain';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { roleBadgeTone, roleLabel } from '../roles.ts';

export type ProfileMenuVariant = 'header' | 'bottom-nav' | 'sidebar';

/** What the Profile menu's button shows in each place. */
export function ProfileTrigger({ user, variant }: { user: User; variant: ProfileMenuVariant }) {
  if (variant === 'bottom-nav') {
    return (
      <>
        <Avatar name={user.name} src={user.avatarUrl} size="xs" className="ring-2 ring-white" />
        <span className="text-[11px] leading-none font-medium">Profile</span>
      </>
    );
  }
  if (variant === 'sidebar') {
    // Named by its content ('Profile menu: {name} {role}'), so the name includes what it shows.
    return (
      <>
        <Avatar name={user.name} src={user.avatarUrl} size="md" />
        <span className="min-w-0 flex-1 text-left">
          <span className="sr-only">Profile menu: </span>
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

export const profileTriggerClassNames: Record<ProfileMenuVariant, string> = {
  header:
    'flex min-h-11 min-w-11 items-center gap-1 rounded-full p-1.5 pr-2 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100',
  'bottom-nav':
    'flex h-full w-full flex-col items-center justify-center gap-1 text-slate-500 transition-colors hover:text-slate-900 data-[state=open]:text-brand-600',
  sidebar:
    'flex w-full items-center gap-3 rounded-xl p-2 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100',
};

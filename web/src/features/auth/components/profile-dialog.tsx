import type { User } from '@sideline/domain';
import { format, isValid, parseISO } from 'date-fns';
import { Award, CalendarDays, Coins, Flame, Mail, Shield, Star, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useMyRewards, useSyncUserTotals } from '../../rewards/api.ts';
import { roleBadgeTone, roleLabel } from '../roles.ts';

export function formatMemberSince(createdAt: string): string {
  const date = parseISO(createdAt);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : '—';
}

function ProfileRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="flex shrink-0 items-center gap-2 text-slate-500">
        <Icon className="size-4 text-slate-400" aria-hidden="true" />
        {label}
      </dt>
      <dd className="min-w-0 text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

interface ProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "View Profile": email, role, member-since date and the reward counters. */
export function ProfileDialog({ user, open, onOpenChange }: ProfileDialogProps) {
  // The real count of earned badges (GET /api/rewards/me), fetched when the dialog opens.
  const rewards = useMyRewards({ enabled: open });
  useSyncUserTotals(rewards.data);
  const badgeCount = rewards.data ? rewards.data.badges.filter((b) => b.earnedAt !== null).length : null;
  const stats: ReadonlyArray<{ label: string; value: number | null; icon: LucideIcon; tone: string }> = [
    { label: 'XP Points', value: rewards.data?.xp ?? user.xp, icon: Star, tone: 'text-amber-500 bg-amber-50' },
    {
      label: 'Dulars',
      value: rewards.data?.dulars ?? user.dulars,
      icon: Coins,
      tone: 'text-emerald-600 bg-emerald-50',
    },
    {
      label: 'Day Streak',
      value: rewards.data?.streak ?? user.streak,
      icon: Flame,
      tone: 'text-orange-500 bg-orange-50',
    },
    { label: 'Badges', value: badgeCount, icon: Award, tone: 'text-purple-600 bg-purple-50' },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Centred under the avatar, so without the header's room for the close button. */}
        <div className="mb-4 flex flex-col items-center space-y-1.5 text-center">
          <Avatar name={user.name} src={user.avatarUrl} size="lg" className="mb-2" />
          <DialogTitle>{user.name}</DialogTitle>
          <DialogDescription>Your Sideline profile</DialogDescription>
        </div>
        <dl className="divide-y divide-slate-200/70 rounded-xl bg-slate-50 px-4 text-sm">
          <ProfileRow icon={Mail} label="Email">
            <span className="block truncate" title={user.email}>
              {user.email}
            </span>
          </ProfileRow>
          <ProfileRow icon={Shield} label="Role">
            <Badge tone={roleBadgeTone(user.role)}>{roleLabel(user.role)}</Badge>
          </ProfileRow>
          <ProfileRow icon={CalendarDays} label="Member since">
            {formatMemberSince(user.createdAt)}
          </ProfileRow>
        </dl>
        <ul className="mt-4 grid grid-cols-2 gap-3">
          {stats.map(({ label, value, icon: Icon, tone }) => (
            <li key={label} className="flex items-center gap-3 rounded-xl border border-slate-200 p-3">
              <span className={`flex size-9 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-4.5" aria-hidden="true" />
              </span>
              <span>
                <span className="block text-lg leading-tight font-bold text-slate-900">
                  {value === null ? '—' : value.toLocaleString()}
                </span>
                <span className="block text-xs text-slate-500">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

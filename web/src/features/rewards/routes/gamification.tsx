import type { RewardBadge, RewardHistoryItem, RewardRuleView } from '@sideline/domain';
import { differenceInSeconds, formatDistanceStrict, isValid, parseISO } from 'date-fns';
import { ArrowLeft, Award, CircleAlert, Coins, Flame, History, Lock, Star, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useMyRewardsPages, useRewardTable, useSyncUserTotals } from '../api.ts';

/** '5 minutes ago', 'just now'. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  if (differenceInSeconds(now, date) < 45) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

function Stat({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: number; tone: string }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <span className={cn('flex size-10 items-center justify-center rounded-xl', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span>
        <span className="block text-2xl leading-tight font-bold text-slate-900">{value.toLocaleString()}</span>
        <span className="block text-xs text-slate-500">{label}</span>
      </span>
    </li>
  );
}

function BadgeTile({ badge }: { badge: RewardBadge }) {
  const earned = badge.earnedAt !== null;
  return (
    <li
      aria-label={`${badge.name} (${earned ? 'earned' : 'locked'})`}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3',
        earned ? 'border-purple-200 bg-purple-50' : 'border-dashed border-slate-300 bg-slate-50',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg',
          earned ? 'bg-purple-600 text-white' : 'bg-slate-200 text-slate-600',
        )}
      >
        {earned ? <Award className="size-4.5" aria-hidden="true" /> : <Lock className="size-4" aria-hidden="true" />}
      </span>
      <span className="min-w-0">
        <span className={cn('block font-semibold', earned ? 'text-slate-900' : 'text-slate-700')}>{badge.name}</span>
        <span className="block text-xs text-slate-600">{badge.description}</span>
        {earned ? <span className="block text-xs text-purple-700">Earned {timeAgo(badge.earnedAt!)}</span> : null}
      </span>
    </li>
  );
}

function RewardTable({ rules }: { rules: readonly RewardRuleView[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">What each action earns</caption>
      <thead className="text-xs text-slate-600">
        <tr>
          <th className="py-2 font-medium">Action</th>
          <th className="py-2 pl-3 text-right font-medium whitespace-nowrap">XP</th>
          <th className="py-2 pl-3 text-right font-medium whitespace-nowrap">Dulars</th>
          <th className="py-2 pl-3 text-right font-medium whitespace-nowrap">Daily cap</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rules.map((r) => (
          <tr key={r.action}>
            <td className="py-2">
              <span className="font-medium text-slate-900">{r.label}</span>
              {!r.available ? <span className="ml-2 text-xs text-slate-600">(matches, coming soon)</span> : null}
              {r.note ? <span className="block text-xs text-slate-600">{r.note}</span> : null}
            </td>
            <td className="py-2 pl-3 text-right tabular-nums">{r.xp}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{r.dulars}</td>
            <td className="py-2 pl-3 text-right whitespace-nowrap tabular-nums">{r.dailyXpCap} XP</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HistoryList({ items }: { items: readonly RewardHistoryItem[] }) {
  return (
    <ul aria-label="Reward history" className="divide-y divide-slate-100">
      {items.map((item, i) => (
        <li key={`${item.at}-${i}`} className="flex items-center justify-between gap-3 py-2.5 text-sm">
          <span>
            <span className="block font-medium text-slate-900">{item.label}</span>
            <span className="block text-xs text-slate-500">{timeAgo(item.at)}</span>
          </span>
          <span className="text-right font-semibold text-slate-900">
            +{item.xp} XP
            {item.dulars > 0 ? <span className="ml-2 text-emerald-700">+{item.dulars} dulars</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/** /gamification — Badges & Rewards: totals, badges earned and locked, the reward table, history. */
export function GamificationRoute() {
  const rewards = useMyRewardsPages();
  const table = useRewardTable();
  useSyncUserTotals(rewards.data?.pages[0]);

  const header = (
    <div className="flex items-center gap-3">
      <Link
        to={paths.home}
        aria-label="Back"
        className="-ml-2 flex size-11 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Badges &amp; Rewards</h1>
    </div>
  );

  if (rewards.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {header}
        <div className="flex justify-center py-12">
          <Spinner label="Loading rewards" />
        </div>
      </div>
    );
  }
  if (rewards.isError) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {header}
        <Card>
          <EmptyState
            icon={CircleAlert}
            title="Couldn't load your rewards"
            description={getErrorMessage(rewards.error)}
          >
            <Button variant="outline" onClick={() => void rewards.refetch()}>
              Try again
            </Button>
          </EmptyState>
        </Card>
      </div>
    );
  }

  const first = rewards.data.pages[0]!;
  const history = rewards.data.pages.flatMap((p) => p.history);
  const earned = first.badges.filter((b) => b.earnedAt !== null);
  const locked = first.badges.filter((b) => b.earnedAt === null);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {header}
      <ul aria-label="Your totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat icon={Star} label="XP Points" value={first.xp} tone="text-amber-500 bg-amber-50" />
        <Stat icon={Coins} label="Dulars" value={first.dulars} tone="text-emerald-600 bg-emerald-50" />
        <Stat icon={Flame} label="Day Streak" value={first.streak} tone="text-orange-500 bg-orange-50" />
        <Stat icon={Award} label="Badges" value={earned.length} tone="text-purple-600 bg-purple-50" />
      </ul>

      <Section title={`Badges (${earned.length} of ${first.badges.length})`}>
        {earned.length === 0 ? (
          <p className="mb-3 text-sm text-slate-500">
            No badges yet. Send a message, RSVP or share a photo to earn your first one.
          </p>
        ) : null}
        <ul aria-label="Badges" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {[...earned, ...locked].map((b) => (
            <BadgeTile key={b.id} badge={b} />
          ))}
        </ul>
      </Section>

      <Section title="History">
        {history.length === 0 ? (
          <EmptyState
            as="h3"
            icon={History}
            title="No rewards yet"
            description="Chat with your team, RSVP to events and share photos to earn XP and dulars."
            compact
          />
        ) : (
          <>
            <HistoryList items={history} />
            {rewards.hasNextPage ? (
              <div className="mt-3 flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={rewards.isFetchingNextPage}
                  onClick={() => void rewards.fetchNextPage()}
                >
                  {rewards.isFetchingNextPage ? 'Loading...' : 'Show older'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Section>

      <Section title="How to earn">
        {table.isPending ? (
          <Spinner label="Loading reward table" />
        ) : table.isError ? (
          <p className="text-sm text-red-600">{getErrorMessage(table.error)}</p>
        ) : (
          <>
            <RewardTable rules={table.data.rules} />
            <p className="mt-3 text-xs text-slate-600">{table.data.streak}</p>
          </>
        )}
      </Section>
    </div>
  );
}

import type { OrgTeam } from '@sideline/domain';
import { formatDistanceToNow } from 'date-fns';
import { Activity, CalendarDays, MessageCircle, Trophy, UsersRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths, teamPath } from '../../../config/paths.ts';
import { useOrgActivity, useOrgStats, useOrgTeams } from '../api.ts';
import { LiveNow } from '../../matches/components/live-now.tsx';
import { topTeams } from '../lib/org-display.ts';

function StatCard({
  label,
  hint,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  hint: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    // A term and its value as the only children of the list's group (what a <dl> allows); the
    // grid puts the number above its label.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-900/5">
      <span
        aria-hidden="true"
        className={`row-span-2 flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}
      >
        <Icon className="size-5" />
      </span>
      <dt className="col-start-2 row-start-2 text-xs text-slate-500">
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className="sr-only">, </span>
        <span className="block">{hint}</span>
      </dt>
      <dd className="col-start-2 row-start-1 text-2xl leading-tight font-bold text-slate-900">
        {value === undefined ? <Skeleton className="h-7 w-10" /> : value.toLocaleString()}
      </dd>
    </div>
  );
}

/** Stat cards, the three biggest teams and what happened lately (spec part 2 §2). */
export function OverviewTab({ orgId }: { orgId: string }) {
  const stats = useOrgStats(orgId);
  const teams = useOrgTeams(orgId);
  const activity = useOrgActivity(orgId);
  return (
    <div className="space-y-6">
      {stats.isError ? null : (
        <LiveNow liveNow={stats.data?.liveNow} liveMatches={stats.data?.liveMatches} moreHref={paths.matches} />
      )}
      {stats.isError ? (
        <LoadError title="We couldn't load the numbers" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="grid grid-cols-1 gap-3 min-[390px]:grid-cols-2 lg:grid-cols-4">
          <StatCard
            label="Total Teams"
            hint="Active teams"
            value={stats.data?.totalTeams}
            icon={UsersRound}
            tone="bg-brand-50 text-brand-600"
          />
          <StatCard
            label="Total Members"
            hint="Across all teams"
            value={stats.data?.totalMembers}
            icon={Trophy}
            tone="bg-purple-50 text-purple-600"
          />
          <StatCard
            label="Events"
            hint="This month"
            value={stats.data?.totalEvents}
            icon={CalendarDays}
            tone="bg-blue-50 text-blue-600"
          />
          <StatCard
            label="Messages"
            hint="This week"
            value={stats.data?.totalMessages}
            icon={MessageCircle}
            tone="bg-emerald-50 text-emerald-600"
          />
        </dl>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Top Performing Teams</h2>
          {teams.isPending ? (
            <Skeleton className="mt-4 h-24" />
          ) : teams.isError ? (
            <p className="mt-3 text-sm text-red-600">The teams could not be loaded.</p>
          ) : (
            <TopTeams teams={topTeams(teams.data)} />
          )}
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Recent Activity</h2>
          {activity.isPending ? (
            <Skeleton className="mt-4 h-24" />
          ) : activity.isError ? (
            <p className="mt-3 text-sm text-red-600">The activity could not be loaded.</p>
          ) : activity.data.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">Nothing has happened yet.</p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label="Recent activity">
              {activity.data.map((item) => (
                <li key={item.id} className="flex gap-3">
                  <Activity className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="text-sm text-slate-800">{item.description}</p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={item.timestamp}>
                        {formatDistanceToNow(new Date(item.timestamp), { addSuffix: true })}
                      </time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

function TopTeams({ teams }: { teams: OrgTeam[] }) {
  if (teams.length === 0) return <p className="mt-3 text-sm text-slate-500">No teams yet.</p>;
  return (
    <ol className="mt-3 space-y-2" aria-label="Top teams">
      {teams.map((team, index) => (
        <li key={team.id}>
          <Link
            to={teamPath(team.id)}
            className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-slate-50"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-bold text-brand-700">
              {index + 1}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{team.name}</span>
              <span className="block text-xs text-slate-500">{team.sport ?? 'Team'}</span>
            </span>
            <span className="text-sm text-slate-600">
              {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

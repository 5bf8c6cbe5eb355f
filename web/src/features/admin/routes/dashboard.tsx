import {
  Activity,
  CalendarPlus,
  MapPinned,
  Percent,
  RefreshCw,
  Settings,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, textLinkClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { adminPaths } from '../paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { timeAgo } from '../../media/lib/format.ts';
import { AccessDenied } from '../../orgs/components/access-states.tsx';
import { DASHBOARD_ACTIVITY, DASHBOARD_MATCHES, useAdminStats } from '../api.ts';
import { ADMIN_DENIED, useAdminContext } from '../components/admin-layout.tsx';
import { SectionHeader } from '../components/section.tsx';
import { LiveNow } from '../../matches/components/live-now.tsx';
import { formatDateTime } from '../lib/format.ts';

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="p-4">
      <dl>
        <dt className="flex items-center gap-2 text-sm font-medium text-slate-500">
          <Icon className="size-4 text-brand-600" aria-hidden="true" />
          <span>{label}</span>
        </dt>
        <dd className="mt-2 text-2xl font-bold text-slate-900">{value}</dd>
      </dl>
    </Card>
  );
}

const quickActions = [
  { label: 'Create Season', to: adminPaths.createSeason, icon: CalendarPlus },
  { label: 'Invite Coach', to: adminPaths.invitePerson, icon: UserPlus },
  { label: 'Add Team', to: adminPaths.createTeam, icon: Users },
  { label: 'Org Settings', to: adminPaths.settings, icon: Settings },
] as const;

/** /admin — the portal's dashboard (spec part 2 §2). */
export function AdminDashboardRoute() {
  const { organization } = useAdminContext();
  const stats = useAdminStats();

  if (stats.isError) {
    if (isApiError(stats.error) && stats.error.status === 403) return <AccessDenied description={ADMIN_DENIED} />;
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <h1 className="text-lg font-semibold text-slate-900">Error Loading Dashboard</h1>
        <p className="text-sm text-slate-500">{getErrorMessage(stats.error)}</p>
        <Button variant="outline" onClick={() => void stats.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Card>
    );
  }

  const data = stats.data;
  return (
    <div className="space-y-6">
      <SectionHeader title="Admin Dashboard" description={`An overview of ${organization.name}.`} />
      <LiveNow liveNow={data?.liveNow} liveMatches={data?.liveMatches} moreHref={adminPaths.matches} />
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {data ? (
          <>
            <StatCard label="Total Teams" value={String(data.totalTeams)} icon={Users} />
            <StatCard label="Active Players" value={String(data.totalPlayers)} icon={Activity} />
            <StatCard label="Scheduled Matches" value={String(data.totalMatches)} icon={Trophy} />
            <StatCard label="Attendance Rate" value={`${Math.round(data.attendanceRate)}%`} icon={Percent} />
          </>
        ) : (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">Upcoming Matches</h2>
            <Link to={adminPaths.matches} className={textLinkClassName}>
              All matches
            </Link>
          </div>
          {!data ? (
            <Skeleton className="h-32" />
          ) : data.upcomingMatches.length === 0 ? (
            <p className="text-sm text-slate-500">No upcoming matches.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Upcoming matches">
              {data.upcomingMatches.slice(0, DASHBOARD_MATCHES).map((match) => (
                <li key={match.id} className="py-2.5">
                  <Link to={adminPaths.match(match.id)} className="font-medium text-slate-900 hover:underline">
                    {match.teamA} vs {match.teamB}
                  </Link>
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                    <span>{match.sport}</span>
                    <span>{formatDateTime(match.date)}</span>
                    {match.location ? (
                      <span className="inline-flex items-center gap-0.5">
                        <MapPinned className="size-3" aria-hidden="true" />
                        {match.location}
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="p-5">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">Recent Activity</h2>
            <Link to={adminPaths.activity} className={textLinkClassName}>
              All activity
            </Link>
          </div>
          {!data ? (
            <Skeleton className="h-32" />
          ) : data.recentActivity.length === 0 ? (
            <p className="text-sm text-slate-500">Nothing has happened yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Recent activity">
              {data.recentActivity.slice(0, DASHBOARD_ACTIVITY).map((entry) => (
                <li key={entry.id} className="py-2.5">
                  <p className="text-sm text-slate-800">{entry.description}</p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={entry.timestamp} title={formatDateTime(entry.timestamp)}>
                      {timeAgo(entry.timestamp)}
                    </time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card className="p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Quick Actions</h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {quickActions.map(({ label, to, icon: Icon }) => (
            <Link
              key={label}
              to={to}
              className={buttonClassName(
                'outline',
                'bare',
                'min-w-12 flex-col justify-center gap-1.5 rounded-xl px-5 py-4 text-base whitespace-nowrap',
              )}
            >
              <Icon className="size-5 text-brand-600" aria-hidden="true" />
              {label}
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}

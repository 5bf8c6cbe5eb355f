import type { OrgTeam, Season } from '@sideline/domain';
import { ArrowLeft, CalendarRange, Plus, UsersRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths, teamPath } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { TeamCode } from '../../teams/components/team-code.tsx';
import { useOrganizations } from '../../orgs/api.ts';
import { useSeason, useSeasonTeams } from '../api.ts';
import { dateRange, daysLeftText, statusOf, statusTones } from '../lib/season-display.ts';

// Loaded, with its form and validation, when it first opens.
const AddSeasonTeamDialog = lazy(() =>
  import('../components/add-season-team-dialog.tsx').then((module) => ({ default: module.AddSeasonTeamDialog })),
);

const backLink = (
  <Link to={paths.seasons} className={buttonClassName('ghost', 'sm', '-ml-2 self-start')}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Seasons
  </Link>
);

/** /seasons/{seasonId}/teams — a season's teams, Add Team for its admins, View Team (spec part 2 §2). */
export function SeasonTeamsRoute() {
  const { seasonId = '' } = useParams();
  const season = useSeason(seasonId);
  if (season.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {backLink}
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (season.isError) {
    const notFound = isApiError(season.error) && season.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {backLink}
        {notFound ? (
          <Card>
            <EmptyState
              icon={CalendarRange}
              title="Season not found"
              description="It may have been deleted, or it belongs to another organization."
            />
          </Card>
        ) : (
          <LoadError title="Error loading season" error={season.error} onRetry={() => void season.refetch()} />
        )}
      </div>
    );
  }
  return <SeasonTeams season={season.data} />;
}

function SeasonTeams({ season }: { season: Season }) {
  const teams = useSeasonTeams(season.id);
  const organizations = useOrganizations();
  const canManage = organizations.data?.some((o) => o.id === season.orgId && o.myRole === 'org_admin') ?? false;
  const [adding, setAdding] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (!dialogWanted && adding) setDialogWanted(true);
  const status = statusOf(season);
  const count = teams.data?.length ?? season.teamCount;
  return (
    <div className="flex flex-col gap-6">
      {backLink}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{season.name}</h1>
            <Badge tone={statusTones[status]}>{status}</Badge>
          </div>
          <p className="mt-0.5 text-sm text-slate-500">
            {season.sport} · {dateRange(season)} · {daysLeftText(season)}
          </p>
          <p className="mt-1 text-sm font-medium text-slate-700" data-testid="season-team-count">
            {count === 1 ? '1 team' : `${count} teams`}
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add Team
          </Button>
        ) : null}
      </header>
      {teams.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : teams.isError ? (
        <LoadError title="Failed to fetch teams" error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={UsersRound}
            title="No teams in this season yet"
            description={canManage ? 'Add the first team of the season.' : undefined}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Season teams">
          {teams.data.map((team) => (
            <li key={team.id}>
              <SeasonTeamCard team={team} />
            </li>
          ))}
        </ul>
      )}
      {canManage && dialogWanted ? (
        <Suspense fallback={null}>
          <AddSeasonTeamDialog season={season} open={adding} onOpenChange={setAdding} />
        </Suspense>
      ) : null}
    </div>
  );
}

function SeasonTeamCard({ team }: { team: OrgTeam }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-900/5">
      <h2 className="truncate text-base font-semibold text-slate-900">{team.name}</h2>
      <p className="text-sm text-slate-500">
        {team.sport ?? 'Soccer'}
        {team.ageGroup ? ` · ${team.ageGroup}` : ''}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {team.memberCount === 1 ? '1 member' : `${team.memberCount} members`}
        {team.coach ? ` · Coach ${team.coach.name}` : ''}
      </p>
      {team.code ? <TeamCode code={team.code} className="mt-3 self-start" /> : null}
      <div className="mt-auto pt-4">
        <Link
          to={teamPath(team.id)}
          aria-label={`View Team ${team.name}`}
          className={buttonClassName('secondary', 'sm', 'w-full')}
        >
          View Team
        </Link>
      </div>
    </article>
  );
}

import type { OrgTeam } from '@sideline/domain';
import { Activity, Pencil, Plus, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { teamPath } from '../../../config/paths.ts';
import { TeamCode } from '../../teams/components/team-code.tsx';
import { useOrgTeams } from '../api.ts';
import { teamActivityText } from '../lib/org-display.ts';
import { CreateOrgTeamDialog, EditOrgTeamDialog } from './team-dialogs.tsx';

/** Teams Management (spec part 2 §2): the org's teams as cards, Create Team and Edit Team. */
export function TeamsTab({ orgId }: { orgId: string }) {
  const teams = useOrgTeams(orgId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OrgTeam | null>(null);
  return (
    <section aria-labelledby="org-teams-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="org-teams-heading" className="text-lg font-semibold text-slate-900">
          Teams Management ({teams.data?.length ?? 0})
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Create Team
        </Button>
      </div>
      {teams.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : teams.isError ? (
        <LoadError title="We couldn't load the teams" error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <Card>
          <EmptyState icon={UsersRound} title="No teams found. Create your first team!" as="h3" />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Organization teams">
          {teams.data.map((team) => (
            <li key={team.id}>
              <OrgTeamCard team={team} onEdit={() => setEditing(team)} />
            </li>
          ))}
        </ul>
      )}
      <CreateOrgTeamDialog orgId={orgId} open={creating} onOpenChange={setCreating} />
      <EditOrgTeamDialog orgId={orgId} team={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function OrgTeamCard({ team, onEdit }: { team: OrgTeam; onEdit: () => void }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-900/5 transition-shadow focus-within:ring-2 focus-within:ring-brand-500/40 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-base font-semibold text-slate-900">
            <Link
              to={teamPath(team.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {team.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-500">
            {team.sport ?? 'Soccer'}
            {team.ageGroup ? ` · ${team.ageGroup}` : ''}
            {team.seasonName ? ` · ${team.seasonName}` : ''}
          </p>
        </div>
        <div className="relative z-10 flex shrink-0 items-center gap-1">
          <Badge tone={team.isActive ? 'green' : 'neutral'}>{team.isActive ? 'Active' : 'Inactive'}</Badge>
          <Button variant="ghost" size="icon" aria-label={`Edit ${team.name}`} onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-600">
        <div className="flex items-center gap-1.5">
          <UsersRound className="size-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Members</dt>
          <dd>
            {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Activity className="size-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Activity</dt>
          <dd>{teamActivityText(team)}</dd>
        </div>
        {team.coach ? (
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-400">Coach</dt>
            <dd className="truncate">{team.coach.name}</dd>
          </div>
        ) : null}
      </dl>
      {team.code ? <TeamCode code={team.code} className="relative z-10 mt-3 self-start" /> : null}
      <p className="mt-auto pt-3 text-xs text-slate-400">Click to manage players &amp; parents</p>
    </article>
  );
}

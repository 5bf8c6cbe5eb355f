import { Plus, UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useTeams } from '../api.ts';
import { JoinTeamForm } from '../components/join-team-form.tsx';
import { TeamCard } from '../components/team-card.tsx';
import { pluralize } from '../team-display.ts';

export const NO_TEAMS_COACH_TEXT = 'Create your first team to start coaching and managing players';
export const NO_TEAMS_OTHER_TEXT = "You haven't joined any teams yet. Ask your coach for an invitation.";

/** /teams — the user's teams as cards, Create Team for coaches, and joining with a code. */
export function TeamsRoute() {
  const { data: user } = useUser();
  const teamsQuery = useTeams();
  if (!user) return null;
  // Creating an independent team goes by the account role (the displayed one may be org_admin).
  const isCoach = user.accountRole === 'coach';
  const teams = teamsQuery.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Teams</h1>
          <p className="mt-0.5 text-sm text-slate-500">
            {teamsQuery.isSuccess && teams.length > 0
              ? `You're in ${pluralize(teams.length, 'team')}`
              : 'Your teams, their chat and their codes'}
          </p>
        </div>
        {isCoach ? (
          <Link to={paths.createTeam} className={buttonClassName('primary', 'md')}>
            <Plus className="size-4" aria-hidden="true" />
            Create Team
          </Link>
        ) : null}
      </div>

      {teamsQuery.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading teams" />
        </div>
      ) : teamsQuery.isError ? (
        <LoadError
          title="We couldn't load your teams"
          error={teamsQuery.error}
          onRetry={() => void teamsQuery.refetch()}
        />
      ) : teams.length === 0 ? (
        <Card>
          <EmptyState
            icon={UsersRound}
            title="No Teams Yet"
            description={isCoach ? NO_TEAMS_COACH_TEXT : NO_TEAMS_OTHER_TEXT}
          />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your teams">
          {teams.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} />
            </li>
          ))}
        </ul>
      )}

      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Join a team</h2>
        <p className="mt-0.5 mb-4 text-sm text-slate-500">Got a code from a coach? Enter it to join their team.</p>
        <JoinTeamForm className="max-w-md" />
        <p className="mt-4 text-sm text-slate-500">
          Running a club with several teams?{' '}
          <Link to={paths.orgAdmin} className="font-medium text-brand-700 underline">
            Set up your organization
          </Link>
        </p>
      </Card>
    </div>
  );
}

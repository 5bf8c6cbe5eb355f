import type { Team } from '@sideline/domain';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths, teamPath } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { CreateTeamForm } from '../components/create-team-form.tsx';

/** /create-team — coaches create an independent team, then land on its page. */
export function CreateTeamRoute() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  if (!user) return null;

  const onCreated = (team: Team) => {
    toast({
      title: 'Team created!',
      description: team.code
        ? `${team.name} is ready. Share the code ${team.code} so your players and parents can join.`
        : `${team.name} is ready.`,
    });
    navigate(teamPath(team.id), { replace: true });
  };

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link
        to={paths.teams}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Teams
      </Link>
      {user.accountRole === 'coach' ? (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Create a team</h1>
            <CardDescription>Set up your team, then share its code so players and parents can join.</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateTeamForm onCreated={onCreated} />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <EmptyState
            icon={Lock}
            title="Only coaches can create teams"
            description="Ask your coach for the team code, then join the team from your Teams page."
          >
            <Link to={paths.teams} className={buttonClassName('primary', 'md')}>
              Go to Teams
            </Link>
          </EmptyState>
        </Card>
      )}
    </div>
  );
}

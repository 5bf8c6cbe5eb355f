import type { User } from '@sideline/domain';
import { Plus, UsersRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

// Only people without a team see the form: its validation library is not part of Home's download.
const JoinTeamForm = lazy(async () => ({
  default: (await import('../../teams/components/join-team-form.tsx')).JoinTeamForm,
}));

/** Home for someone without a team: coaches create one (or join), everyone else joins with a code. */
export function NoTeamPrompt({ user }: { user: User }) {
  // Creating an independent team goes by the account role (the displayed one may be org_admin).
  const isCoach = user.accountRole === 'coach';
  return (
    <Card>
      <EmptyState
        icon={UsersRound}
        title={isCoach ? 'Start your first team' : 'Join your team'}
        description={
          isCoach
            ? 'Create your first team to start coaching and managing players. You get a code to share with players and parents.'
            : 'Ask your coach for the team code and enter it below. Your team chat and updates show up right here.'
        }
      >
        {isCoach ? (
          <>
            <Link to={paths.createTeam} className={buttonClassName('primary', 'lg')}>
              <Plus className="size-4" aria-hidden="true" />
              Create Team
            </Link>
            <p className="mt-2 text-xs font-medium tracking-wide text-slate-600 uppercase">or join a team</p>
          </>
        ) : null}
        {/* The description already says where a code comes from; a coach is told once, differently. */}
        <Suspense fallback={<Spinner label="Loading" />}>
          <JoinTeamForm
            className="w-full max-w-sm text-left"
            hint={isCoach ? 'Helping out another team? Enter the code its coach shared.' : null}
          />
        </Suspense>
      </EmptyState>
    </Card>
  );
}

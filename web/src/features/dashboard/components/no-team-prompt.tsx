import type { User } from '@sideline/domain';
import { Plus, UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { JoinTeamForm } from '../../teams/components/join-team-form.tsx';

/** Home for someone without a team: coaches create one (or join), everyone else joins with a code. */
export function NoTeamPrompt({ user }: { user: User }) {
  const isCoach = user.role === 'coach';
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
            <p className="mt-2 text-xs font-medium tracking-wide text-slate-400 uppercase">or join a team</p>
          </>
        ) : null}
        <JoinTeamForm className="w-full max-w-sm text-left" />
      </EmptyState>
    </Card>
  );
}

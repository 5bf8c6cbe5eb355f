import { Star } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUser } from '../../auth/api.ts';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';
import { useTeams } from '../../teams/api.ts';
import { TeamSwitcher } from '../../teams/components/team-switcher.tsx';
import { useSelectedTeam } from '../../teams/selected-team.ts';
import { NoTeamPrompt } from '../components/no-team-prompt.tsx';
import { QuickTiles } from '../components/quick-tiles.tsx';
import { TeamChatPreview } from '../components/team-chat-preview.tsx';
import { ThisWeek } from '../components/this-week.tsx';

/** An account younger than this is greeted as new (it has not been here "before"). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

export function greeting(createdAt: string, now: Date = new Date()): string {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now.getTime() - created < NEW_ACCOUNT_MS ? 'Welcome to Sideline' : 'Welcome back';
}

/** / — the home dashboard (spec part 1 §2): greeting, team switcher, tiles, Team Chat, This Week. */
export function DashboardRoute() {
  const { data: user } = useUser();
  const teamsQuery = useTeams();
  const { selectedTeam, selectTeam } = useSelectedTeam(teamsQuery.data, user?.id ?? '');
  if (!user) return null;
  const teams = teamsQuery.data ?? [];

  return (
    <div className="space-y-6">
      <section aria-labelledby="home-greeting" className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{greeting(user.createdAt)}</p>
          <h1 id="home-greeting" className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere">
            {user.name}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={roleBadgeTone(user.role)}>{roleLabel(user.role)}</Badge>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-600">
              <Star className="size-4 text-amber-500" aria-hidden="true" />
              {user.xp.toLocaleString()} XP
            </span>
          </div>
        </div>
        {selectedTeam ? <TeamSwitcher teams={teams} selectedTeam={selectedTeam} onSelect={selectTeam} /> : null}
      </section>

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
      ) : !selectedTeam ? (
        <NoTeamPrompt user={user} />
      ) : (
        <>
          <QuickTiles teamId={selectedTeam.id} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <TeamChatPreview team={selectedTeam} />
            <ThisWeek team={selectedTeam} />
          </div>
        </>
      )}
    </div>
  );
}

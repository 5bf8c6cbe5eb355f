import type { Team, User } from '@sideline/domain';
import { Image, MessageCircle, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { chatPath, paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useTeams } from '../../teams/api.ts';
import { TeamSwitcher } from '../../teams/components/team-switcher.tsx';
import { useSelectedTeam } from '../../teams/selected-team.ts';
import { useHomeMatches, useMyUpcoming } from '../api.ts';
import { LiveMatches, NextMatch } from '../components/home-matches.tsx';
import { LatestMessages } from '../components/latest-messages.tsx';
import { NoTeamPrompt } from '../components/no-team-prompt.tsx';
import { NextUp, ThisWeek } from '../components/upcoming-sections.tsx';
import { useAfterFirstPaint } from '../use-after-first-paint.ts';
import { useHomeSnapshot } from '../use-home-snapshot.ts';

/** An account younger than this is greeted as new (it has not been here "before"). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

export function greeting(createdAt: string, now: Date = new Date()): string {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now.getTime() - created < NEW_ACCOUNT_MS ? 'Welcome to Sideline' : 'Welcome back';
}

/** One line: the greeting with the name, and the XP (the next event needs the first screen). */
function Greeting({ user }: { user: User }) {
  return (
    <section aria-labelledby="home-greeting" className="flex items-baseline justify-between gap-3">
      <h1 id="home-greeting" className="min-w-0 truncate text-lg font-bold tracking-tight text-slate-900">
        <span className="font-medium text-slate-600">{greeting(user.createdAt)}</span>
        <span className="font-medium text-slate-600">, </span>
        {user.name}
      </h1>
      <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-slate-600">
        <Star className="size-4 text-amber-500" aria-hidden="true" />
        {user.xp.toLocaleString()} XP
      </span>
    </section>
  );
}

/** The team switcher, for the chat and media shortcuts only (everything above is every team's). */
function TeamShortcuts({ teams, userId }: { teams: readonly Team[]; userId: string }) {
  const { selectedTeam, selectTeam } = useSelectedTeam(teams, userId);
  if (!selectedTeam) return null;
  return (
    <section aria-label="Team shortcuts" className="flex flex-wrap items-center gap-2">
      <TeamSwitcher teams={teams} selectedTeam={selectedTeam} onSelect={selectTeam} align="start" />
      <Link to={chatPath(selectedTeam.id)} className={buttonClassName('outline')}>
        <MessageCircle className="size-4" aria-hidden="true" />
        Chat
      </Link>
      <Link to={`${paths.media}/${encodeURIComponent(selectedTeam.id)}`} className={buttonClassName('outline')}>
        <Image className="size-4" aria-hidden="true" />
        Media
      </Link>
    </section>
  );
}

/**
 * / — Home, phone first: live matches of the user's teams above everything, then the next
 * occurrence across all their teams and children with an answer row per child (in the first
 * screen at 390 × 844), the next match, the rest of the week, the latest message per team, and
 * the team switcher for the chat and media shortcuts. The week, the messages and the shortcuts
 * render once the first screen has been painted.
 */
export function DashboardRoute() {
  const { data: user } = useUser();
  const teamsQuery = useTeams();
  const teams = teamsQuery.data ?? [];
  const matches = useHomeMatches();
  const upcoming = useMyUpcoming();
  const belowFirstScreen = useAfterFirstPaint();
  useHomeSnapshot(user, teamsQuery.isSuccess && (teamsQuery.data.length === 0 || upcoming.isSuccess));
  if (!user) return null;

  return (
    <div className="space-y-4">
      <Greeting user={user} />
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
        <NoTeamPrompt user={user} />
      ) : (
        <>
          <LiveMatches live={matches.data?.live ?? []} />
          <NextUp userId={user.id} />
          <NextMatch match={matches.data?.upcoming[0]} />
          {belowFirstScreen ? (
            <>
              <ThisWeek userId={user.id} />
              <LatestMessages teams={teams} />
              <TeamShortcuts teams={teams} userId={user.id} />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

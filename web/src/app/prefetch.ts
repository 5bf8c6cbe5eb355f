import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '../features/auth/api.ts';
import { myUpcomingQueryOptions, teamMessagesQueryOptions } from '../features/dashboard/api.ts';
import { myMatchesQueryOptions } from '../features/matches/match-boards.ts';
import { teamsQueryOptions } from '../features/teams/api.ts';

/**
 * Every signed-in screen needs the user and their teams: both start together, as soon as the
 * route matches (before the screen's code has even downloaded), never one after the other.
 * Route loaders return at once; the screens show their own loading states.
 */
export function startSignedInQueries(queryClient: QueryClient): null {
  void queryClient.prefetchQuery(userQueryOptions);
  void queryClient.prefetchQuery(teamsQueryOptions);
  return null;
}

/**
 * Home also needs the next occurrences and the matches of all the user's teams (they start with
 * the user and the teams), and each team's latest messages once the teams are known.
 */
export function startHomeQueries(queryClient: QueryClient): null {
  startSignedInQueries(queryClient);
  void queryClient.prefetchQuery(myUpcomingQueryOptions);
  void queryClient.prefetchQuery(myMatchesQueryOptions);
  void (async () => {
    const teams = await queryClient.ensureQueryData(teamsQueryOptions);
    for (const team of teams) void queryClient.prefetchQuery(teamMessagesQueryOptions(team.id));
  })().catch(() => {
    // Signed out or offline: the screens show what went wrong when they ask for the same data.
  });
  return null;
}

import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '../features/auth/api.ts';
import { teamMessagesQueryOptions } from '../features/dashboard/api.ts';
import { teamsQueryOptions } from '../features/teams/api.ts';
import { pickSelectedTeam, readStoredTeamId, TEAM_SEARCH_PARAM } from '../features/teams/selected-team.ts';

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
 * Home also needs the selected team's latest messages and upcoming events: they start together
 * the moment the user and the teams are known (the team choice may be remembered per user).
 */
export function startHomeQueries(queryClient: QueryClient, url: URL): null {
  startSignedInQueries(queryClient);
  // Loaded on demand (the events feature's date helpers stay out of the first download), while
  // the user and the teams are on their way.
  const eventsApi = import('../features/events/api.ts');
  void (async () => {
    const [user, teams] = await Promise.all([
      queryClient.ensureQueryData(userQueryOptions),
      queryClient.ensureQueryData(teamsQueryOptions),
    ]);
    if (!user) return;
    const team = pickSelectedTeam(teams, url.searchParams.get(TEAM_SEARCH_PARAM), readStoredTeamId(user.id));
    if (!team) return;
    const { teamUpcomingEventsQueryOptions } = await eventsApi;
    void queryClient.prefetchQuery(teamMessagesQueryOptions(team.id));
    void queryClient.prefetchQuery(teamUpcomingEventsQueryOptions(team.id));
  })().catch(() => {
    // Signed out or offline: the screens show what went wrong when they ask for the same data.
  });
  return null;
}

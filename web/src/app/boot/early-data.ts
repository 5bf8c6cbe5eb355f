import { startEarlyRequest } from '../../lib/early-requests.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { HOME_UPCOMING_PATH } from '../../features/dashboard/upcoming-path.ts';

/**
 * The reads a signed-in screen starts with, started by the first script while the app's code
 * downloads: the user and their teams for every screen; for Home, beside them, the next
 * occurrences and the matches of all the user's teams, then each team's latest messages as soon
 * as the teams are known (app/prefetch.ts asks for the same; the API client takes these answers
 * instead).
 */
export function startEarlyData(location: Pick<Location, 'pathname' | 'search'>): void {
  startEarlyRequest(apiPaths.user);
  const teams = startEarlyRequest(apiPaths.teams);
  if (location.pathname !== '/') return;
  startEarlyRequest(HOME_UPCOMING_PATH);
  startEarlyRequest(apiPaths.myMatches);
  void (async () => {
    const teamsResponse = await teams;
    if (!teamsResponse.ok) return;
    const list = (await teamsResponse.clone().json()) as Array<{ id: string }>;
    for (const team of list) startEarlyRequest(apiPaths.teamMessages(team.id));
  })().catch(() => {
    // Offline or signed out: the screens ask again and show what they get.
  });
}

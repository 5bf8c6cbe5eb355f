import { startEarlyRequest } from '../../lib/early-requests.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { HOME_UPCOMING_PATH } from '../../features/dashboard/upcoming-path.ts';

/**
 * The reads a signed-in screen starts with, started by the first script while the app's code
 * downloads: the user and their teams for every screen, and for Home, beside them, the next
 * occurrences and the matches of all the user's teams (app/prefetch.ts asks for the same; the API
 * client takes these answers instead). Each team's latest messages, at the bottom of Home, wait
 * for the teams in app/prefetch.ts: started here too, both would race to ask first.
 */
export function startEarlyData(location: Pick<Location, 'pathname' | 'search'>): void {
  startEarlyRequest(apiPaths.user);
  startEarlyRequest(apiPaths.teams);
  if (location.pathname !== '/') return;
  startEarlyRequest(HOME_UPCOMING_PATH);
  startEarlyRequest(apiPaths.myMatches);
}

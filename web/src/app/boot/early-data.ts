import { startEarlyRequest } from '../../lib/early-requests.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { pickSelectedTeam, readStoredTeamId, TEAM_SEARCH_PARAM } from '../../features/teams/selected-team-store.ts';

/**
 * The reads a signed-in screen starts with, started by the first script while the app's code
 * downloads: the user and their teams for every screen, and for Home the selected team's latest
 * messages and upcoming events as soon as the team is known (app/prefetch.ts asks for the same;
 * the API client takes these answers instead).
 */
export function startEarlyData(location: Pick<Location, 'pathname' | 'search'>): void {
  const user = startEarlyRequest(apiPaths.user);
  const teams = startEarlyRequest(apiPaths.teams);
  if (location.pathname !== '/') return;
  void (async () => {
    const [userResponse, teamsResponse] = await Promise.all([user, teams]);
    if (!userResponse.ok || !teamsResponse.ok) return;
    const [me, list] = (await Promise.all([userResponse.clone().json(), teamsResponse.clone().json()])) as [
      { id: string },
      Array<{ id: string }>,
    ];
    const fromUrl = new URLSearchParams(location.search).get(TEAM_SEARCH_PARAM);
    const team = pickSelectedTeam(list, fromUrl, readStoredTeamId(me.id));
    if (!team) return;
    startEarlyRequest(apiPaths.teamMessages(team.id));
    startEarlyRequest(apiPaths.teamUpcomingEvents(team.id));
  })().catch(() => {
    // Offline or signed out: the screens ask again and show what they get.
  });
}

import type { Team } from '@sideline/domain';

/** The URL search parameter that holds the selected team (shareable, survives a reload). */
export const TEAM_SEARCH_PARAM = 'team';
const STORAGE_PREFIX = 'sideline:selected-team:';

export function readStoredTeamId(userId: string): string | null {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + userId);
  } catch {
    return null;
  }
}

export function storeTeamId(userId: string, teamId: string) {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + userId, teamId);
  } catch {
    // Storage may be unavailable (private mode, quota): the URL still carries the choice.
  }
}

/** The team to show: the one in the URL, else the last one this user picked, else the first. */
export function pickSelectedTeam<T extends Pick<Team, 'id'>>(
  teams: readonly T[],
  fromUrl: string | null,
  fromStorage: string | null,
): T | null {
  return teams.find((t) => t.id === fromUrl) ?? teams.find((t) => t.id === fromStorage) ?? teams[0] ?? null;
}

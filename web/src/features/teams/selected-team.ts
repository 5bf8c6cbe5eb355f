import type { Team } from '@sideline/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

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

function storeTeamId(userId: string, teamId: string) {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + userId, teamId);
  } catch {
    // Storage may be unavailable (private mode, quota): the URL still carries the choice.
  }
}

/** The team to show: the one in the URL, else the last one this user picked, else the first. */
export function pickSelectedTeam(
  teams: readonly Team[],
  fromUrl: string | null,
  fromStorage: string | null,
): Team | null {
  return teams.find((t) => t.id === fromUrl) ?? teams.find((t) => t.id === fromStorage) ?? teams[0] ?? null;
}

/**
 * The selected team of a screen with a team switcher. It defaults to the user's first team and
 * is remembered in the URL (`?team=`) and, per user, in localStorage.
 */
export function useSelectedTeam(teams: readonly Team[] | undefined, userId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedTeam = pickSelectedTeam(teams ?? [], searchParams.get(TEAM_SEARCH_PARAM), readStoredTeamId(userId));

  const selectTeam = useCallback(
    (teamId: string) => {
      storeTeamId(userId, teamId);
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(TEAM_SEARCH_PARAM, teamId);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, userId],
  );

  return { selectedTeam, selectTeam };
}

import type { Team } from '@sideline/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pickSelectedTeam, readStoredTeamId, storeTeamId, TEAM_SEARCH_PARAM } from './selected-team-store.ts';

// The choice itself lives apart from React, for the first script to read (app/boot/early-data.ts).
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

import type { Message, MyUpcomingItem } from '@sideline/domain';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { myMatchesQueryOptions } from '../matches/match-boards.ts';
import { HOME_UPCOMING_PATH } from './upcoming-path.ts';

/**
 * Home's reads: the dashboard and the next occurrences of all the caller's teams. A team's latest
 * messages are the chat's key (`chatKeys.latest`), built here from the same path so this module,
 * part of every first download, does not pull the chat's in.
 */
export const dashboardKeys = {
  all: apiKey(apiPaths.dashboard),
  myUpcoming: apiKey(apiPaths.myUpcoming),
  teamMessages: (teamId: string) => apiKey(apiPaths.teamMessages(teamId)),
};

/**
 * GET /api/teams/{teamId}/messages — the latest page of a team's messages, oldest → newest.
 * The key is the path's (spec §7), shared with the chat screen and invalidated on `new_message`;
 * the cached value is the plain `Message[]` the endpoint returns.
 */
export function teamMessagesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: dashboardKeys.teamMessages(teamId),
    queryFn: () => api.get<Message[]>(apiPaths.teamMessages(teamId)),
  });
}

/**
 * Home reads what its loader has just fetched as it is, rather than again on mount: new messages
 * and match changes come over the socket, which invalidates these reads.
 */
export const HOME_FRESH_MS = 10_000;

/** The latest messages of each of the user's teams, in the teams' order. */
export function useMessagesOfTeams(teamIds: readonly string[]) {
  return useQueries({
    queries: teamIds.map((teamId) => ({ ...teamMessagesQueryOptions(teamId), staleTime: HOME_FRESH_MS })),
  });
}

/** GET /api/me/matches — the live and next matches of the user's teams (the matches feature's read). */
export function useHomeMatches() {
  return useQuery({ ...myMatchesQueryOptions, staleTime: HOME_FRESH_MS });
}

/**
 * GET /api/me/upcoming — the next occurrences of all the user's teams with the household's answers
 * and the counts: Home in one request. "Next" moves with the clock, so a copy older than a few
 * seconds is fetched again whenever Home mounts (one Home's loader just started is used as is).
 */
export const UPCOMING_FRESH_MS = 10_000;

export const myUpcomingQueryOptions = queryOptions({
  queryKey: dashboardKeys.myUpcoming,
  queryFn: () => api.get<MyUpcomingItem[]>(HOME_UPCOMING_PATH),
  staleTime: UPCOMING_FRESH_MS,
});

export function useMyUpcoming() {
  return useQuery({ ...myUpcomingQueryOptions, refetchOnMount: true });
}

import type { HouseholdAnswer, Message, MyUpcomingItem, RsvpInput, RsvpStatus } from '@sideline/domain';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { newIdempotencyKey, sendOrQueue } from '../../lib/offline/send-or-queue.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';
import { HOME_UPCOMING_PATH } from './upcoming-path.ts';

/**
 * GET /api/teams/{teamId}/messages — the latest page of a team's messages, oldest → newest.
 * The key is the path (spec §7), shared with the chat screen and invalidated on `new_message`;
 * the cached value is the plain `Message[]` the endpoint returns.
 */
export function teamMessagesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamMessages(teamId),
    queryFn: () => api.get<Message[]>(apiPaths.teamMessages(teamId)),
  });
}

export function useTeamMessages(teamId: string) {
  return useQuery(teamMessagesQueryOptions(teamId));
}

/** The latest messages of each of the user's teams, in the teams' order. */
export function useMessagesOfTeams(teamIds: readonly string[]) {
  return useQueries({ queries: teamIds.map((teamId) => teamMessagesQueryOptions(teamId)) });
}

/**
 * GET /api/me/upcoming — the next occurrences of all the user's teams with the household's answers
 * and the counts: Home in one request. "Next" moves with the clock, so a copy older than a few
 * seconds is fetched again whenever Home mounts (one Home's loader just started is used as is).
 */
export const UPCOMING_FRESH_MS = 10_000;

export const myUpcomingQueryOptions = queryOptions({
  queryKey: queryKeys.myUpcoming,
  queryFn: () => api.get<MyUpcomingItem[]>(HOME_UPCOMING_PATH),
  staleTime: UPCOMING_FRESH_MS,
});

export function useMyUpcoming() {
  return useQuery({ ...myUpcomingQueryOptions, refetchOnMount: true });
}

/** The outbox's kind for RSVPs (the events screens' answers share it and its "Waiting to send"). */
export const RSVP_KIND = 'event.rsvp';

/** The id RSVPs address: the series (a recurring event's occurrences share it). */
export const eventIdOf = (item: Pick<MyUpcomingItem, 'id' | 'seriesId'>) => item.seriesId || item.id;

/**
 * One person's answer to one occurrence, as the outbox scopes it: the occurrence, and the player
 * when answering for one (so each child's waiting answer shows on their own row).
 */
export function householdRsvpScope(item: MyUpcomingItem, person: Pick<HouseholdAnswer, 'playerId'>): string {
  const occurrence = `${eventIdOf(item)}@${item.occurrenceDate || item.date}`;
  return person.playerId ? `${occurrence}#${person.playerId}` : occurrence;
}

/**
 * POST /api/events/{eventId}/rsvp {status, occurrenceDate, playerId?} for one person of the
 * household: a child (by their roster entry) or the user themself. Offline it waits in the outbox
 * and is sent when the connection returns; Home and the team's event lists refresh once it is.
 */
export function useHouseholdRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the write must still reach the outbox, not wait paused in memory.
    networkMode: 'always',
    mutationFn: ({ item, person, status }: { item: MyUpcomingItem; person: HouseholdAnswer; status: RsvpStatus }) =>
      sendOrQueue<unknown>({
        kind: RSVP_KIND,
        scope: householdRsvpScope(item, person),
        label: `RSVP to ${item.title}`,
        method: 'POST',
        path: apiPaths.eventRsvp(eventIdOf(item)),
        body: {
          status,
          occurrenceDate: item.occurrenceDate || item.date,
          ...(person.playerId && person.relation === 'child' ? { playerId: person.playerId } : {}),
        } satisfies RsvpInput,
        idempotencyKey: newIdempotencyKey(),
        refresh: [apiPaths.myUpcoming, apiPaths.teamEvents(item.teamId), apiPaths.dashboard],
        data: { status },
      }),
    onSuccess: (outcome, { item }) => {
      if (outcome.status !== 'sent') return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.myUpcoming });
      void queryClient.invalidateQueries({ queryKey: queryKeys.teamEvents(item.teamId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.teamUpcomingEvents(item.teamId) });
    },
  });
}

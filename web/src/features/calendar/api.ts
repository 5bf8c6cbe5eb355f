import { queryOptions, useMutation, useQueries } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { newIdempotencyKey, sendOrQueue } from '../../lib/offline/send-or-queue.ts';
import type { Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { sortByDate } from './lib/event-dates.ts';
import type { SendOutcome } from '../../lib/offline/outbox-types.ts';
import type { CreateEventInput, RsvpInput, TeamEvent } from './types.ts';

/**
 * The schedule's reads. `events(teamId)` is a team's events and, below it, its upcoming ones and
 * each event's history and notices; `answers` is every event's answers (attendance), `event(id)`
 * one event's.
 */
export const calendarKeys = {
  events: (teamId: string) => apiKey(apiPaths.teamEvents(teamId)),
  history: (teamId: string, eventId: string) => apiKey(apiPaths.teamEventHistory(teamId, eventId)),
  notices: (teamId: string, eventId: string) => apiKey(apiPaths.teamEventNotices(teamId, eventId)),
  answers: apiKey(apiPaths.events),
  event: (eventId: string) => apiKey(apiPaths.event(eventId)),
  attendance: (eventId: string, occurrenceDate: string) =>
    apiKey(`${apiPaths.eventAttendance(eventId)}?${new URLSearchParams({ occurrenceDate })}`),
  myUpcoming: apiKey(apiPaths.myUpcoming),
  dashboard: apiKey(apiPaths.dashboard),
};

/**
 * GET /api/teams/{teamId}/events — every occurrence, ascending, past included. Spec §7: a
 * failure is treated as an empty list (the page still shows the other teams' events).
 */
export function teamEventsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: calendarKeys.events(teamId),
    queryFn: async () => {
      try {
        return await api.get<TeamEvent[]>(apiPaths.teamEvents(teamId));
      } catch (error) {
        console.warn('[events] could not load events of team', teamId, error);
        return [] as TeamEvent[];
      }
    },
  });
}

/** The events of several teams, merged and sorted by date. */
export function useEventsOfTeams(teamIds: readonly string[]) {
  return useQueries({
    queries: teamIds.map((teamId) => teamEventsQueryOptions(teamId)),
    combine: (results) => ({
      events: sortByDate(results.flatMap((r) => r.data ?? [])),
      isPending: results.some((r) => r.isPending),
    }),
  });
}

/** Every cached event list of a team (all, upcoming, each event's history) and the dashboard. */
const teamEventsStale = (teamId: string): Stale[] => [calendarKeys.events(teamId), calendarKeys.dashboard];

/** POST /api/teams/{teamId}/events → 201 (managers only; 403 otherwise). */
export function useCreateEvent(teamId: string) {
  return useMutation({
    mutationFn: (input: CreateEventInput) => api.post<TeamEvent>(apiPaths.teamEvents(teamId), input),
    meta: { invalidates: teamEventsStale(teamId) },
    onError: (error) => console.error('[events] create failed', error),
  });
}

/** DELETE /api/teams/{teamId}/events/{eventId} — deletes the whole series → 204. */
export function useDeleteEvent() {
  return useMutation({
    mutationFn: (event: TeamEvent) => api.delete<void>(apiPaths.teamEvent(event.teamId, eventIdOf(event))),
    meta: { invalidates: (_data, event: TeamEvent) => teamEventsStale(event.teamId) },
    onError: (error) => console.error('[events] delete failed', error),
  });
}

/** The outbox's kind for RSVPs; their scope is `rsvpScope(event, playerId)`. */
export const RSVP_KIND = 'event.rsvp';

/**
 * One answer slot as the outbox scopes its RSVPs: `{eventId}@{occurrence}` for the caller's own
 * answer, `{eventId}@{occurrence}#{playerId}` for a roster player's (a child's), so two children's
 * answers to the same occurrence wait side by side.
 */
export function rsvpScope(event: TeamEvent, playerId?: string | null): string {
  const own = `${eventIdOf(event)}@${event.occurrenceDate || event.date}`;
  return playerId ? `${own}#${playerId}` : own;
}

/** The variables of an answer: the occurrence, the status and, for a roster player, whom it is for. */
export interface RsvpVariables {
  event: TeamEvent;
  status: RsvpInput['status'];
  /** A roster player (a child, or the caller's own roster entry); absent: the caller themself. */
  playerId?: string | null | undefined;
  /** The name shown in the outbox ("RSVP for Sam to Practice"). */
  name?: string | undefined;
}

/** Every list an answer shows in: the team's events, Home's upcoming list, the dashboard, the attendance lists. */
export const answerListsStale = (teamId: string): Stale[] => [
  ...teamEventsStale(teamId),
  calendarKeys.myUpcoming,
  calendarKeys.answers,
];

/**
 * POST /api/events/{eventId}/rsvp {status, occurrenceDate, playerId?} → 200, for the occurrence
 * shown (so a reply sent later answers the same one); with `playerId`, for that roster player.
 * Offline, or without an answer, it waits in the outbox (`queued`) and is sent when the
 * connection returns; the same answer twice records nothing.
 */
/** Dispatched on window when an answer was accepted (a plain event keeps the shell's code out of this chunk). */
export const RSVP_ANSWERED_EVENT = 'sideline:rsvp-answered';

export function useRsvp() {
  return useMutation({
    // Offline the write must still reach the outbox, not wait paused in memory.
    networkMode: 'always',
    mutationFn: ({ event, status, playerId, name }: RsvpVariables) =>
      sendOrQueue<TeamEvent>({
        kind: RSVP_KIND,
        scope: rsvpScope(event, playerId),
        label: name ? `RSVP for ${name} to ${event.title}` : `RSVP to ${event.title}`,
        method: 'POST',
        path: apiPaths.eventRsvp(eventIdOf(event)),
        body: {
          status,
          occurrenceDate: event.occurrenceDate || event.date,
          ...(playerId ? { playerId } : {}),
        } satisfies RsvpInput,
        idempotencyKey: newIdempotencyKey(),
        refresh: [
          apiPaths.teamEvents(event.teamId),
          apiPaths.dashboard,
          apiPaths.myUpcoming,
          apiPaths.event(eventIdOf(event)),
        ],
        data: { status },
      }),
    // A queued answer is not on the server yet: the outbox refreshes `refresh` once it is sent.
    meta: {
      invalidates: (outcome: SendOutcome<TeamEvent>, { event }: RsvpVariables) =>
        outcome.status === 'sent' ? answerListsStale(event.teamId) : [],
    },
    onSuccess: () => {
      // The moment to offer notifications (never on page load): notifications/offer-store listens.
      window.dispatchEvent(new Event(RSVP_ANSWERED_EVENT));
    },
  });
}

/** POST /api/teams/{teamId}/calendar-token → {url} of the team's iCalendar feed. */
export function useCalendarSubscription() {
  return useMutation({
    mutationFn: (teamId: string) => api.post<{ url: string }>(apiPaths.teamCalendarToken(teamId)),
  });
}

/** The id the event commands address: the series (a recurring event's occurrences share it). */
export function eventIdOf(event: TeamEvent): string {
  return event.seriesId || event.id;
}

import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { teamPlayersQueryOptions } from '../players/api.ts';
import { answerListsStale, calendarKeys, eventIdOf } from './api.ts';
import type {
  Attendance,
  CancelOccurrenceInput,
  ChangeEventInput,
  EventHistoryEntry,
  Player,
  TeamEvent,
} from './types.ts';

/**
 * The events screen's own reads and writes (changing the schedule, attendance, history, rosters),
 * apart from api.ts, which Home loads too.
 */

/** The occurrence's key, which changes, cancellations and answers name. */
export function occurrenceDateOf(event: TeamEvent): string {
  return event.occurrenceDate || event.date;
}

/** After a schedule change: every list of the team (the event's history among them) and the answers' lists. */
const scheduleStale = (_data: unknown, { event }: { event: TeamEvent }) => answerListsStale(event.teamId);

/**
 * PATCH /api/teams/{teamId}/events/{eventId} {scope, occurrenceDate, …changes, reason} → the
 * occurrence changed (managers; 400 names the field, 409 says why not).
 */
export function useChangeEvent() {
  return useMutation({
    mutationFn: ({ event, input }: { event: TeamEvent; input: ChangeEventInput }) =>
      api.patch<TeamEvent>(apiPaths.teamEvent(event.teamId, eventIdOf(event)), input),
    meta: { invalidates: scheduleStale },
  });
}

/** POST …/occurrences/{occurrenceDate}/cancel {reason} or …/restore → the occurrence (managers). */
export function useOccurrenceStatus() {
  return useMutation({
    mutationFn: ({
      event,
      action,
      reason,
    }: {
      event: TeamEvent;
      action: 'cancel' | 'restore';
      reason?: string | undefined;
    }) => {
      const path = apiPaths.teamEventOccurrence(event.teamId, eventIdOf(event), occurrenceDateOf(event), action);
      return action === 'cancel'
        ? api.post<TeamEvent>(path, { reason: reason?.trim() || null } satisfies CancelOccurrenceInput)
        : api.post<TeamEvent>(path);
    },
    meta: { invalidates: scheduleStale },
  });
}

/** GET /api/teams/{teamId}/events/{eventId}/history — every change, newest first (members). */
export function useEventHistory(event: TeamEvent) {
  return useQuery({
    queryKey: calendarKeys.history(event.teamId, eventIdOf(event)),
    queryFn: () => api.get<EventHistoryEntry[]>(apiPaths.teamEventHistory(event.teamId, eventIdOf(event))),
  });
}

/** GET /api/events/{eventId}/attendance?occurrenceDate= — the four lists, by name (members). */
export function useAttendance(event: TeamEvent) {
  const occurrenceDate = occurrenceDateOf(event);
  return useQuery({
    queryKey: calendarKeys.attendance(eventIdOf(event), occurrenceDate),
    queryFn: () =>
      api.get<Attendance>(
        `${apiPaths.eventAttendance(eventIdOf(event))}?occurrenceDate=${encodeURIComponent(occurrenceDate)}`,
      ),
  });
}

/**
 * The rosters of several teams (GET /api/teams/{teamId}/players): whom the user answers for on
 * each (their own entry, their children). A roster that cannot be read counts as empty.
 */
export function useRostersOfTeams(teamIds: readonly string[]) {
  return useQueries({
    queries: teamIds.map((teamId) => ({ ...teamPlayersQueryOptions(teamId), retry: false })),
    combine: (results) => {
      const rosters = new Map<string, Player[]>();
      results.forEach((r, i) => {
        if (r.data) rosters.set(teamIds[i]!, r.data);
      });
      return rosters;
    },
  });
}

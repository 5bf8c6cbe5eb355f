import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventNotice } from '@sideline/domain';
import { api } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { calendarKeys, eventIdOf } from './api.ts';
import type { TeamEvent } from './types.ts';

/** GET /api/teams/{teamId}/events/{eventId}/notices — who was told of each change (managers). */
export function useEventNotices(event: TeamEvent, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.notices(event.teamId, eventIdOf(event)),
    queryFn: () => api.get<EventNotice[]>(apiPaths.teamEventNotices(event.teamId, eventIdOf(event))),
    enabled,
  });
}

/**
 * POST …/views once per opening of the event's detail: the changes so far count as seen by this
 * person (the proof coaches read). A failure is not the viewer's concern and is not shown.
 */
export function useReportEventView(event: TeamEvent) {
  const report = useMutation({
    mutationFn: (e: TeamEvent) => api.post<void>(apiPaths.teamEventViews(e.teamId, eventIdOf(e))),
  });
  const { mutate } = report;
  const key = `${event.teamId}/${eventIdOf(event)}/${event.changedAt ?? ''}`;
  useEffect(() => {
    mutate(event);
    // Reported again when the event changes while open (a newer change is seen too).
  }, [key, mutate]);
}

/**
 * POST /api/events/{eventId}/remind {occurrenceDate} (managers): a push, or an email where the
 * person has no working device, now, to everyone who still has someone to answer for. 202
 * {notified}; 429 when a reminder for the occurrence went out in the last hour.
 */
export function useRemindUnanswered() {
  return useMutation({
    mutationFn: (e: TeamEvent) =>
      api.post<{ notified: number }>(apiPaths.eventRemind(eventIdOf(e)), {
        occurrenceDate: e.occurrenceDate || e.date,
      }),
  });
}

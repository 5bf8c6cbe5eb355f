import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOccurrenceInputSchema,
  changeEventInputSchema,
  eventHistoryEntrySchema,
  eventSchema,
  idSchema,
  occurrencePathSchema,
  occurrenceQuerySchema,
  shiftWallClock,
  type CalendarEvent,
  type EventHistoryEntry,
  type EventSeriesSplit,
  type HistoryChanges,
} from '@sideline/domain';
import { eventHistory, findOccurrence, nextOccurrence } from '@sideline/projections';
import { teamRead } from '../http/cached-read-rules.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { canManage, eventOfTeam, occurrenceNotFound } from './calendar-access.ts';
import { calendarState, continueSeries, decideOnEvent, splitEventId } from './calendar-commands.ts';

const eventParams = z.object({ teamId: idSchema, eventId: idSchema });
const occurrenceParams = eventParams.extend({ occurrenceDate: occurrencePathSchema });
/** Errors: `{message, code}`, with `fieldErrors` on a 400. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const managersOnly = (what: string) =>
  new HttpError(403, 'EVENT_MANAGERS_ONLY', `Only the team's coaches and admins can ${what} events`);

/**
 * Changing the schedule, reading an occurrence and an event's history (members of the event's
 * team; the parent plugin has checked membership of the team in the path).
 */
export const scheduleRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;

  /** The occurrence as it now stands (404 when it is none, e.g. deleted meanwhile). */
  async function occurrence(eventId: string, key: string | Date): Promise<CalendarEvent> {
    const found = await findOccurrence(db, eventId, new Date(key));
    if (!found) throw occurrenceNotFound();
    return found;
  }

  app.get(
    '/api/teams/:teamId/events/:eventId',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'One occurrence of an event (the event detail): the one `occurrenceDate` names, else the next one ' +
          '(else the last), with its status, previous time and place, answers and counts',
        params: eventParams,
        querystring: occurrenceQuerySchema,
        response: { 200: eventSchema, 404: errorBody },
      },
      config: {
        cachedRead: {
          ...teamRead,
          // Without a date, "the next one" moves on once it has begun.
          expiresAt: (request, payload) =>
            (request.query as { occurrenceDate?: string }).occurrenceDate
              ? null
              : Date.parse((payload as CalendarEvent).date) + 1,
        },
      },
    },
    async (request) => {
      const { teamId, eventId } = request.params;
      await eventOfTeam(db, teamId, eventId);
      const key = request.query.occurrenceDate ?? (await nextOccurrence(db, eventId, new Date()));
      if (!key) throw occurrenceNotFound();
      return occurrence(eventId, key);
    },
  );

  app.patch(
    '/api/teams/:teamId/events/:eventId',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Change one occurrence (`scope: occurrence`), it and every later one (`following`: the series splits ' +
          'there, and the later occurrences become a new event), or the whole series (`series`). `startsAt` is ' +
          "the new start of the occurrence named; for `following` and `series` every occurrence's wall-clock " +
          "time moves the same way in the event's zone. Coaches and team admins; answers the occurrence changed",
        params: eventParams,
        body: changeEventInputSchema,
        response: { 200: eventSchema, ...refusals },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, eventId } = request.params;
      const series = await eventOfTeam(db, teamId, eventId);
      if (!(await canManage(db, teamId, by))) throw managersOnly('change');
      const { scope, occurrenceDate, changes, reason, rsvpDeadlineHours } = request.body;
      if (rsvpDeadlineHours !== undefined) {
        await decideOnEvent(
          ctx,
          eventId,
          { type: 'SetRsvpDeadline', data: { eventId, hours: rsvpDeadlineHours, by } },
          by,
        );
        // Only the deadline: nothing else to change.
        if (Object.keys(changes).length === 0) {
          return occurrence(eventId, occurrenceDate ?? series.startsAt);
        }
      }
      const newEventId = occurrenceDate ? splitEventId(eventId, occurrenceDate) : eventId;
      const events = await decideOnEvent(
        ctx,
        eventId,
        {
          type: 'ChangeEvent',
          data: { eventId, teamId, by, scope, occurrenceDate, changes, reason, newEventId },
        },
        by,
      );
      const [decided] = events;
      let split: EventSeriesSplit['data'] | undefined = decided?.type === 'EventSeriesSplit' ? decided.data : undefined;
      // The same split again: complete it (its new series may not have been begun).
      if (!decided && scope === 'following' && occurrenceDate) {
        split = (await calendarState(ctx, eventId)).splits.get(occurrenceDate);
      }
      if (split) {
        await continueSeries(ctx, split, by);
        return occurrence(split.newEventId, split.continuation.startsAt);
      }
      if (decided?.type === 'EventChanged' && decided.data.scope === 'series') {
        const { occurrenceDate: from, shiftMinutes, seriesStartsAt } = decided.data;
        const key = from ? shiftWallClock(new Date(from), shiftMinutes ?? 0, series.timeZone) : seriesStartsAt!;
        return (await findOccurrence(db, eventId, new Date(key))) ?? occurrence(eventId, seriesStartsAt!);
      }
      return occurrence(eventId, occurrenceDate ?? series.startsAt);
    },
  );

  app.post(
    '/api/teams/:teamId/events/:eventId/occurrences/:occurrenceDate/cancel',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Cancel one occurrence, with an optional reason (at most 200 characters): it stays listed, marked ' +
          'cancelled. Coaches and team admins; answers the occurrence',
        params: occurrenceParams,
        body: cancelOccurrenceInputSchema,
        response: { 200: eventSchema, ...refusals },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, eventId, occurrenceDate } = request.params;
      await eventOfTeam(db, teamId, eventId);
      if (!(await canManage(db, teamId, by))) throw managersOnly('cancel');
      await decideOnEvent(
        ctx,
        eventId,
        {
          type: 'CancelOccurrence',
          data: { eventId, teamId, occurrenceDate, by, reason: request.body?.reason ?? null },
        },
        by,
      );
      return occurrence(eventId, occurrenceDate);
    },
  );

  app.post(
    '/api/teams/:teamId/events/:eventId/occurrences/:occurrenceDate/restore',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Bring a cancelled occurrence back (409 when it is not cancelled). Coaches and team admins',
        params: occurrenceParams,
        response: { 200: eventSchema, ...refusals },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, eventId, occurrenceDate } = request.params;
      await eventOfTeam(db, teamId, eventId);
      if (!(await canManage(db, teamId, by))) throw managersOnly('restore');
      await decideOnEvent(
        ctx,
        eventId,
        { type: 'RestoreOccurrence', data: { eventId, teamId, occurrenceDate, by } },
        by,
      );
      return occurrence(eventId, occurrenceDate);
    },
  );

  app.get(
    '/api/teams/:teamId/events/:eventId/history',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Every change of the event's schedule, newest first: when, by whom, its scope and occurrence, each " +
          'field from → to, and the reason',
        params: eventParams,
        response: { 200: z.array(eventHistoryEntrySchema), 404: errorBody },
      },
      config: { cachedRead: teamRead },
    },
    async (request) => {
      const { teamId, eventId } = request.params;
      await eventOfTeam(db, teamId, eventId);
      return (await eventHistory(db, eventId)).map((row): EventHistoryEntry => ({
        at: row.at.toISOString(),
        by: { id: row.by, name: row.byName ?? 'Unknown User' },
        scope: row.scope as EventHistoryEntry['scope'],
        occurrenceDate: row.occurrenceDate?.toISOString() ?? null,
        changes: JSON.parse(row.changes) as HistoryChanges,
        reason: row.reason,
      }));
    },
  );
};

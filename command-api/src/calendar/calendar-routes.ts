import { createHash, randomUUID } from 'node:crypto';
import type { ReadModels } from '@sideline/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  attendanceQuerySchema,
  attendanceSchema,
  calendarDecider,
  calendarStream,
  calendarTokenSchema,
  createEventInputSchema,
  EVENTS_RANGE_MAX_DAYS,
  eventSchema,
  idSchema,
  eventsRangeQuerySchema,
  expandOccurrences,
  myUpcomingItemSchema,
  myUpcomingQuerySchema,
  rsvpInputSchema,
  upcomingEventsQuerySchema,
  type CalendarEvent,
  type PlayerAnswerAccess,
} from '@sideline/domain';
import {
  findOccurrence,
  findTeamForMember,
  listMyUpcoming,
  listTeamEvents,
  listTeamSeries,
  listTeamOccurrenceChanges,
  nextOccurrence,
  occurrenceAttendance,
  ownRosterPlayer,
  playerAnswerLinks,
  teamEventTimeZone,
  teamScope,
  userScope,
} from '@sideline/projections';
import { teamRead } from '../http/cached-read-rules.ts';
import { ownOrigin } from '../http/origin-check.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { canManage, eventForMember, eventNotFound, eventOfTeam, occurrenceNotFound } from './calendar-access.ts';
import { decideOnEvent } from './calendar-commands.ts';
import { feedTokenUser, issueFeedToken } from './feed-tokens.ts';
import { renderCalendar } from './ics.ts';
import { errorBody, scheduleRoutes } from './schedule-routes.ts';

const id = idSchema;
const teamParams = z.object({ teamId: id });
const eventParams = z.object({ teamId: id, eventId: id });

const DAY_MS = 86_400_000;
/** Without `to`, repeating series are listed this far past `from` (or now); one-off events at any date. */
const SERIES_LIST_DAYS = 366;

/**
 * When the default list of the team's events (repeating series up to a year past the moment of
 * reading) gains an occurrence just by time passing: the first occurrence after the window that
 * began at `readAt` enters it then. Null when no series goes on past the window.
 */
export async function defaultWindowChangesAt(
  db: Kysely<ReadModels>,
  teamId: string,
  readAt: number,
): Promise<number | null> {
  const windowEnd = readAt + SERIES_LIST_DAYS * DAY_MS;
  let next: number | null = null;
  for (const series of await listTeamSeries(db, teamId)) {
    if (!series.recurrence) continue;
    const [at] = expandOccurrences(series.recurrence, series.startsAt, series.timeZone, {
      from: new Date(windowEnd + 1),
      limit: 1,
    });
    if (at && (next === null || at.getTime() < next)) next = at.getTime();
  }
  return next === null ? null : next - SERIES_LIST_DAYS * DAY_MS;
}

/** The teams GET /api/me/upcoming read, for its cache entry's scopes. */
const upcomingTeams = new WeakMap<FastifyRequest, readonly string[]>();

/** Session-protected calendar calls: 401 first, then 404 for a team the caller is not in. */
const memberRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle, config } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request), ctx.reads);
  });

  app.get(
    '/api/teams/:teamId/events',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "The occurrences of the team's events from `from` to `to` (both optional), ascending. One-off events are " +
          'listed at any date; repeating series are expanded up to `to`, by default a year past `from` (or now), ' +
          `and a range reaches at most ${EVENTS_RANGE_MAX_DAYS} days ahead.`,
        params: teamParams,
        querystring: eventsRangeQuerySchema,
        response: { 200: z.array(eventSchema) },
      },
      config: {
        cachedRead: {
          ...teamRead,
          // Only the default window (a year from now) moves with time.
          expiresAt: (request, _events, readAt) => {
            const { teamId } = request.params as { teamId: string };
            const { from, to } = request.query as { from?: Date; to?: Date };
            return from || to ? null : defaultWindowChangesAt(db, teamId, readAt);
          },
        },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const start = from ?? new Date();
      if (to && to.getTime() - start.getTime() > EVENTS_RANGE_MAX_DAYS * DAY_MS) {
        throw new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', {
          to: [`A range is at most ${EVENTS_RANGE_MAX_DAYS} days`],
        });
      }
      const seriesUntil = to ?? new Date(start.getTime() + SERIES_LIST_DAYS * DAY_MS);
      return listTeamEvents(db, request.params.teamId, { ...(from && { from }), ...(to && { to }), seriesUntil });
    },
  );

  app.get(
    '/api/teams/:teamId/events/upcoming',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The next occurrences from now, ascending (`limit`, default 20)',
        params: teamParams,
        querystring: upcomingEventsQuerySchema,
        response: { 200: z.array(eventSchema) },
      },
      // The list moves on once its first occurrence has begun.
      config: {
        cachedRead: {
          ...teamRead,
          expiresAt: (_request, events) => {
            const first = (events as CalendarEvent[])[0];
            return first ? Date.parse(first.date) + 1 : null;
          },
        },
      },
    },
    async (request) => listTeamEvents(db, request.params.teamId, { from: new Date(), limit: request.query.limit }),
  );

  app.post(
    '/api/teams/:teamId/events',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Create an event or a repeating series (coaches and team admins); answers its first occurrence',
        params: teamParams,
        body: createEventInputSchema,
        response: { 201: eventSchema, 403: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      if (!(await canManage(db, teamId, userId))) {
        throw new HttpError(403, 'EVENT_MANAGERS_ONLY', "Only the team's coaches and admins can create events");
      }
      // A retried create with the same Idempotency-Key schedules nothing new.
      const key = request.headers['idempotency-key'];
      const eventId =
        typeof key === 'string' && key.length > 0 && key.length <= 200
          ? createHash('sha256').update(`${userId}\n${teamId}\n${key}`).digest('hex').slice(0, 32)
          : randomUUID();
      const { title, description, location, date, recurrence, timeZone, rsvpDeadlineHours } = request.body;
      const zone = (await teamEventTimeZone(db, teamId)) ?? timeZone ?? 'UTC';
      // A retry racing its original appends nothing; the handler then waits for the original's
      // event, so every one of them answers 201 with the same first occurrence.
      const { projected } = await handle(
        calendarDecider,
        calendarStream(eventId),
        {
          type: 'ScheduleEvent',
          data: {
            eventId,
            teamId,
            title,
            description,
            location,
            startsAt: date,
            recurrence,
            // The team's zone, else its organization's, else the creator's browser zone, else UTC.
            timeZone: zone,
            createdBy: userId,
          },
        },
        { actorId: userId },
      );
      if (rsvpDeadlineHours !== null) {
        await handle(
          calendarDecider,
          calendarStream(eventId),
          { type: 'SetRsvpDeadline', data: { eventId, hours: rsvpDeadlineHours, by: userId } },
          { actorId: userId },
        );
      }
      const [first] = await listTeamEvents(db, teamId, { eventId, limit: 1 });
      if (!first && !projected) {
        throw new HttpError(503, 'NOT_READY', 'The event is still being saved; refresh in a moment', undefined, 1);
      }
      if (!first) throw eventNotFound();
      return reply.status(201).send(first);
    },
  );

  app.delete(
    '/api/teams/:teamId/events/:eventId',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Delete an event and all its occurrences (coaches and team admins)',
        params: eventParams,
        response: { 204: z.null(), 403: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId, eventId } = request.params;
      await eventOfTeam(db, teamId, eventId);
      if (!(await canManage(db, teamId, userId))) {
        throw new HttpError(403, 'EVENT_MANAGERS_ONLY', "Only the team's coaches and admins can delete events");
      }
      await handle(
        calendarDecider,
        calendarStream(eventId),
        { type: 'CancelEvent', data: { eventId, teamId, by: userId } },
        { actorId: userId },
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:eventId/rsvp',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Answer yes / maybe / no for one occurrence (default: the next one). Without `playerId`, for yourself ' +
          "(a player's own account: for their roster entry); with it, for that roster player: their guardians, " +
          "their own account and the team's managers may (403 otherwise). Answers that occurrence",
        params: z.object({ eventId: id }),
        body: rsvpInputSchema,
        response: { 200: eventSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { eventId } = request.params;
      const { status, occurrenceDate, playerId } = request.body;
      // Another team's event answers exactly like one that does not exist.
      const series = await eventForMember(db, eventId, userId);
      let player: { playerId: string; access: PlayerAnswerAccess } | undefined;
      if (playerId) {
        const links = await playerAnswerLinks(db, series.teamId, playerId, userId);
        if (!links) throw new HttpError(404, 'PLAYER_NOT_FOUND', 'This player is not on the team');
        const access: PlayerAnswerAccess = links.guardian
          ? 'guardian'
          : links.account
            ? 'account'
            : (await canManage(db, series.teamId, userId))
              ? 'manager'
              : 'none';
        player = { playerId, access };
      } else {
        // A player's own account answers for its roster entry: one answer for one person.
        const own = await ownRosterPlayer(db, series.teamId, userId);
        if (own) player = { playerId: own, access: 'account' };
      }
      const occurrence = occurrenceDate ?? (await nextOccurrence(db, eventId, new Date()))?.toISOString();
      if (!occurrence) throw eventNotFound();
      // After an event's answer deadline only its managers record answers.
      const manages = player?.access === 'manager' || (await canManage(db, series.teamId, userId));
      await decideOnEvent(
        ctx,
        eventId,
        {
          type: 'RecordRsvp',
          data: {
            eventId,
            occurrenceDate: occurrence,
            userId,
            status,
            ...(player && { player }),
            now: new Date().toISOString(),
            canManage: manages,
          },
        },
        userId,
      );
      const answered = await findOccurrence(db, eventId, new Date(occurrence));
      if (!answered) throw eventNotFound(); // deleted meanwhile
      return answered;
    },
  );

  app.get(
    '/api/events/:eventId/attendance',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Who is going, maybe, not going, and who has not answered, for one occurrence (default: the next one), ' +
          'by name, with who gave each answer. `noReply`: every rostered player, and every member who answers for ' +
          'themself (no roster entry and no child on the team), managers excepted. Members of the team',
        params: z.object({ eventId: id }),
        querystring: attendanceQuerySchema,
        response: { 200: attendanceSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { eventId } = request.params;
      await eventForMember(db, eventId, userId);
      const key = request.query.occurrenceDate ?? (await nextOccurrence(db, eventId, new Date()))?.toISOString();
      const attendance = key ? await occurrenceAttendance(db, eventId, new Date(key)) : null;
      if (!attendance) throw occurrenceNotFound();
      return attendance;
    },
  );

  app.get(
    '/api/me/upcoming',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "The next occurrences of all the caller's teams, merged by start (`limit`, default 10), each with its " +
          "team, the answers of the caller's household (themself, and each child they are a guardian of on that " +
          'team) and the counts: Home in one request',
        querystring: myUpcomingQuerySchema,
        response: { 200: z.array(myUpcomingItemSchema) },
      },
      config: {
        cachedRead: {
          perUser: true,
          // The caller's memberships and links, and every team read (one with nothing upcoming too).
          scopes: (request) => [userScope(request.userId!), ...(upcomingTeams.get(request) ?? []).map(teamScope)],
          expiresAt: (_request, items) => {
            const first = (items as CalendarEvent[])[0];
            return first ? Date.parse(first.date) + 1 : null;
          },
        },
      },
    },
    async (request) => {
      const { items, teamIds } = await listMyUpcoming(db, requireUserId(request), new Date(), request.query.limit);
      upcomingTeams.set(request, teamIds);
      return items;
    },
  );

  app.post(
    '/api/teams/:teamId/calendar-token',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A private iCalendar feed URL of the team for the caller (a new one revokes the previous)',
        params: teamParams,
        response: { 200: calendarTokenSchema },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      const token = await issueFeedToken(db, teamId, requireUserId(request));
      const origin = ownOrigin(request, config.PUBLIC_ORIGIN);
      return { url: `${origin}/api/teams/${encodeURIComponent(teamId)}/calendar.ics?token=${token}` };
    },
  );

  await app.register(scheduleRoutes, ctx);
};

/** The iCalendar feed: calendar apps send no cookie, so the token in the URL is the credential. */
const feedRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, config } = ctx;
  app.get(
    '/api/teams/:teamId/calendar.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: "The team's events as an iCalendar feed (token from POST /api/teams/{teamId}/calendar-token)",
        params: teamParams,
        querystring: z.object({
          token: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a valid token')
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const token = request.query.token;
      const userId = token ? await feedTokenUser(db, teamId, token) : null;
      // A wrong token, or one of a member who has since left or lost access, reveals nothing.
      const team = userId ? await findTeamForMember(db, teamId, userId) : null;
      if (!team) throw new HttpError(404, 'NOT_FOUND', 'Calendar not found');
      const host = new URL(ownOrigin(request, config.PUBLIC_ORIGIN)).hostname;
      const [series, changes] = await Promise.all([listTeamSeries(db, teamId), listTeamOccurrenceChanges(db, teamId)]);
      const body = renderCalendar(team.name, series, host, changes);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="team.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};

export const calendarRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  await app.register(memberRoutes, ctx);
  await app.register(feedRoutes, ctx);
};

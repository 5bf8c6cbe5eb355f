import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  calendarDecider,
  calendarStream,
  calendarTokenSchema,
  canManageTeamEvents,
  createEventInputSchema,
  eventSchema,
  rsvpInputSchema,
  upcomingEventsQuerySchema,
} from '@sideline/domain';
import {
  findEventSeries,
  findTeamForMember,
  findUserById,
  listTeamEvents,
  listTeamSeries,
  memberRole,
  nextOccurrence,
} from '@sideline/projections';
import { ownOrigin } from '../http/origin-check.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { feedTokenUser, issueFeedToken } from './feed-tokens.ts';
import { renderCalendar } from './ics.ts';

const id = z.string().min(1).max(64);
const teamParams = z.object({ teamId: id });
const eventParams = z.object({ teamId: id, eventId: id });
const errorBody = z.object({ message: z.string(), code: z.string() });

const eventNotFound = () => new HttpError(404, 'EVENT_NOT_FOUND', 'Event not found');

/**
 * Whether the signed-in member may create and delete the team's events (spec §6, the domain's
 * canManageTeamEvents). Organizations do not exist yet, so nobody is an org admin of a team's org.
 */
async function canManage(db: Kysely<any>, teamId: string, userId: string): Promise<boolean> {
  const [user, team] = await Promise.all([findUserById(db, userId), findTeamForMember(db, teamId, userId)]);
  if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
  if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
  return canManageTeamEvents({
    user: { id: user.id, role: user.role },
    team,
    assignedRole: team.myAssignedRole,
    isOrgAdminOfTeamOrg: false,
  });
}

/** Session-protected calendar calls: 401 first, then 404 for a team the caller is not in. */
const memberRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle, config } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request));
  });

  app.get(
    '/api/teams/:teamId/events',
    {
      schema: {
        tags: ['calendar'],
        summary: "Every occurrence of the team's events, past and future, ascending",
        params: teamParams,
        response: { 200: z.array(eventSchema) },
      },
    },
    async (request) => listTeamEvents(db, request.params.teamId),
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
      const allowed = await canManage(db, teamId, userId);
      if (!allowed) {
        throw new HttpError(403, 'EVENT_MANAGERS_ONLY', "Only the team's coaches and admins can create events");
      }
      // A retried create with the same Idempotency-Key schedules nothing new.
      const key = request.headers['idempotency-key'];
      const eventId =
        typeof key === 'string' && key.length > 0 && key.length <= 200
          ? createHash('sha256').update(`${userId}\n${teamId}\n${key}`).digest('hex').slice(0, 32)
          : randomUUID();
      const { title, description, location, date, recurrence } = request.body;
      await handle(
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
            createdBy: userId,
            canManage: allowed,
          },
        },
        { actorId: userId },
      );
      const [first] = await listTeamEvents(db, teamId, { eventId, limit: 1 });
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
      const series = await findEventSeries(db, eventId);
      if (!series || series.teamId !== teamId) throw eventNotFound();
      const allowed = await canManage(db, teamId, userId);
      if (!allowed) {
        throw new HttpError(403, 'EVENT_MANAGERS_ONLY', "Only the team's coaches and admins can delete events");
      }
      await handle(
        calendarDecider,
        calendarStream(eventId),
        { type: 'CancelEvent', data: { eventId, teamId, by: userId, canManage: allowed } },
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
        summary: 'Answer yes / maybe / no for one occurrence (default: the next one); answers that occurrence',
        params: z.object({ eventId: id }),
        body: rsvpInputSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { eventId } = request.params;
      const series = await findEventSeries(db, eventId);
      // Another team's event answers exactly like one that does not exist.
      if (!series || !(await memberRole(db, series.teamId, userId))) throw eventNotFound();
      const occurrence = request.body.occurrenceDate ?? (await nextOccurrence(db, eventId, new Date()))?.toISOString();
      if (!occurrence) throw eventNotFound();
      await handle(
        calendarDecider,
        calendarStream(eventId),
        { type: 'RecordRsvp', data: { eventId, occurrenceDate: occurrence, userId, status: request.body.status } },
        { actorId: userId },
      );
      const [answered] = await listTeamEvents(db, series.teamId, { eventId, from: new Date(occurrence), limit: 1 });
      if (!answered) throw eventNotFound(); // cancelled meanwhile
      return answered;
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

  // Organizations do not exist yet: every organization id is unknown, and an unknown (or not
  // your) organization answers 404, as teams do. The organizations slice replaces this route.
  app.get(
    '/api/organizations/:orgId/members',
    {
      schema: {
        tags: ['calendar'],
        summary: "An organization's members (organizations are not built yet: always 404)",
        params: z.object({ orgId: id }),
        response: { 404: errorBody },
      },
    },
    async () => {
      throw new HttpError(404, 'ORGANIZATION_NOT_FOUND', 'Organization not found');
    },
  );
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
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const token = request.query.token;
      const userId = token ? await feedTokenUser(db, teamId, token) : null;
      // A wrong token, or one of a member who has since left, reveals nothing.
      const team = userId ? await findTeamForMember(db, teamId, userId) : null;
      if (!team) throw new HttpError(404, 'NOT_FOUND', 'Calendar not found');
      const host = new URL(ownOrigin(request, config.PUBLIC_ORIGIN)).hostname;
      const body = renderCalendar(team.name, await listTeamSeries(db, teamId), host);
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventNoticesSchema,
  familiesOf,
  idSchema,
  noticeSeenParamsSchema,
  type EventNotice,
  type NoticeChannel,
} from '@sideline/domain';
import { findEventSeries, findTeamForMember } from '@sideline/projections';
import { canManage, eventNotFound } from '../calendar/calendar-access.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
const eventParams = z.object({ teamId: idSchema, eventId: idSchema });
/** The proof lists this many changes at most (an event changed more often is rare). */
const CHANGES_MAX = 100;

interface Delivery {
  event_id: string;
  user_id: string;
  channel: string;
  sent_at: Date;
  delivered_at: Date | null;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const earliest = (dates: readonly (Date | null)[]) =>
  dates.reduce<Date | null>((min, d) => (d && (!min || d < min) ? d : min), null);

/**
 * Proof that families were told of each schedule change (managers), and the two ways a person
 * shows they saw one: a tap on its notification (the service worker reports it) and a look at
 * the event after it (the event detail reports it).
 */
export const noticeProofRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  /** The event of the team, or one deleted since whose notices remain; 404 for anything else. */
  async function eventOfTeamEver(teamId: string, eventId: string): Promise<void> {
    const series = await findEventSeries(ctx.db, eventId);
    if (series) {
      if (series.teamId !== teamId) throw eventNotFound();
      return;
    }
    const kept = await db
      .selectFrom('notice_events')
      .select('team_id')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (kept?.team_id !== teamId) throw eventNotFound();
  }

  app.get(
    '/api/teams/:teamId/events/:eventId/notices',
    {
      schema: {
        tags: ['push'],
        summary:
          'Proof that families were told: per schedule change of the event (newest first), each family of the ' +
          'team with how it was told (push, email or none) and when it was sent, delivered (the push service or ' +
          'mail server took it) and seen (someone of the family tapped the notification or viewed the event ' +
          "after the change). The team's coaches and admins",
        params: eventParams,
        response: { 200: eventNoticesSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId, eventId } = request.params;
      if (!(await canManage(ctx.db, teamId, userId))) {
        throw new HttpError(403, 'EVENT_MANAGERS_ONLY', "Only the team's coaches and admins can see who was told");
      }
      await eventOfTeamEver(teamId, eventId);
      const team = (await findTeamForMember(ctx.db, teamId, userId))!;
      const notices = await db
        .selectFrom('notice_records')
        .select(['notice_id', 'at', 'summary'])
        .where('subject_id', '=', eventId)
        .where('team_id', '=', teamId)
        .orderBy('at', 'desc')
        .orderBy('notice_id', 'desc')
        .limit(CHANGES_MAX)
        .execute();
      if (notices.length === 0) return [];
      const ids = notices.map((n) => n.notice_id);
      const [players, guardians, accounts, members, deliveries, seen] = await Promise.all([
        db
          .selectFrom('players')
          .select(['id', 'name'])
          .where('team_id', '=', teamId)
          .orderBy('added_at')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('player_guardians')
          .select(['player_id', 'user_id'])
          .where('team_id', '=', teamId)
          .where('valid_to', 'is', null)
          .execute(),
        db
          .selectFrom('player_accounts')
          .select(['player_id', 'user_id'])
          .where('team_id', '=', teamId)
          .where('valid_to', 'is', null)
          .execute(),
        db
          .selectFrom('team_members')
          .innerJoin('users', 'users.id', 'team_members.user_id')
          .select(['team_members.user_id', 'team_members.assigned_role', 'users.name'])
          .where('team_members.team_id', '=', teamId)
          .execute(),
        db
          .selectFrom('push_deliveries')
          .select(['event_id', 'user_id', 'channel', 'sent_at', 'delivered_at'])
          .where('event_id', 'in', ids)
          .execute() as Promise<Delivery[]>,
        db
          .selectFrom('notice_seen')
          .select(['notice_id', 'user_id', 'seen_at'])
          .where('notice_id', 'in', ids)
          .execute(),
      ]);
      const families = familiesOf({
        players: players as { id: string; name: string }[],
        links: [...guardians, ...accounts].map((l: { player_id: string; user_id: string }) => ({
          playerId: l.player_id,
          userId: l.user_id,
        })),
        members: members.map((m: { user_id: string; assigned_role: string; name: string }) => ({
          userId: m.user_id,
          name: m.name,
          manages: m.user_id === team.creatorId || m.assigned_role === 'coach',
        })),
      }).sort((a, b) => a.name.localeCompare(b.name));
      const deliveriesOf = new Map<string, Delivery[]>();
      for (const d of deliveries) {
        const key = `${d.event_id} ${d.user_id}`;
        deliveriesOf.set(key, [...(deliveriesOf.get(key) ?? []), d]);
      }
      const seenAt = new Map(seen.map((s) => [`${s.notice_id} ${s.user_id}`, s.seen_at]));
      return notices.map((n): EventNotice => {
        const told = families.map((family) => {
          const sent = family.userIds.flatMap((u) => deliveriesOf.get(`${n.notice_id} ${u}`) ?? []);
          const pushed = sent.filter((d) => d.channel === 'push');
          const channel: NoticeChannel = pushed.length > 0 ? 'push' : sent.length > 0 ? 'email' : 'none';
          const used = channel === 'push' ? pushed : sent;
          return {
            name: family.name,
            channel,
            sentAt: iso(earliest(used.map((d) => d.sent_at))),
            deliveredAt: iso(earliest(used.map((d) => d.delivered_at))),
            seenAt: iso(earliest(family.userIds.map((u) => seenAt.get(`${n.notice_id} ${u}`) ?? null))),
          };
        });
        return {
          changeId: n.notice_id,
          at: new Date(n.at).toISOString(),
          summary: n.summary,
          sent: told.filter((f) => f.channel !== 'none').length,
          delivered: told.filter((f) => f.deliveredAt).length,
          seen: told.filter((f) => f.seenAt).length,
          families: told,
        };
      });
    },
  );

  app.post(
    '/api/teams/:teamId/events/:eventId/views',
    {
      schema: {
        tags: ['push'],
        summary:
          "The signed-in member viewed the event's detail: every change of it so far counts as seen by them " +
          '(the proof of who was told). Members of the team',
        params: eventParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId, eventId } = request.params;
      if (!(await findTeamForMember(ctx.db, teamId, userId))) {
        throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      }
      await eventOfTeamEver(teamId, eventId);
      const now = new Date();
      await db
        .insertInto('notice_seen')
        .columns(['notice_id', 'user_id', 'seen_at', 'how'])
        .expression((eb) =>
          eb
            .selectFrom('notice_records')
            .select((s) => [
              'notice_id',
              s.val(userId).as('user_id'),
              s.val(now).as('seen_at'),
              s.val('view').as('how'),
            ])
            .where('subject_id', '=', eventId)
            .where('team_id', '=', teamId)
            .where('at', '<=', now),
        )
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notices/:noticeId/seen',
    {
      schema: {
        tags: ['push'],
        summary:
          "A tap on a notification: the service worker reports the push's `noticeId`. Only the notice's own " +
          'recipients; anyone else gets 404',
        params: noticeSeenParamsSchema,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { noticeId } = request.params;
      const sent = await db
        .selectFrom('push_deliveries')
        .select('event_id')
        .where('event_id', '=', noticeId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      if (!sent) throw new HttpError(404, 'NOTICE_NOT_FOUND', 'Notice not found');
      await db
        .insertInto('notice_seen')
        .values({ notice_id: noticeId, user_id: userId, seen_at: new Date(), how: 'tap' })
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
      return reply.status(204).send(null);
    },
  );
};

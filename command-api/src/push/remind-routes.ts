import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  inQuietHours,
  notificationPreferencesSchema,
  remindInputSchema,
  remindResultSchema,
  withAllNotificationPreferences,
} from '@sideline/domain';
import { findEventSeries, occurrenceAttendance, quietHoursOfUsers } from '@sideline/projections';
import { canManage, eventNotFound, occurrenceNotFound } from '../calendar/calendar-access.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { deliverNotice, type EmailFallback } from './notice-delivery.ts';
import type { PushDelivery } from './push-delivery.ts';
import { peopleToRemind } from './reminder-audience.ts';

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** One reminder per occurrence per hour, whoever of the managers asks. */
const REMIND_RATE = { max: 1, windowSeconds: 60 * 60 };

export interface RemindRoutesOptions extends FeatureContext {
  delivery: PushDelivery;
  /** Email for those without a working push subscription, as for the scheduled reminders. */
  email: EmailFallback | null;
}

/**
 * "Remind those who haven't answered": a manager's push, now, to everyone who still has someone
 * to answer for on that occurrence (themself, or a child they are guardian of), as their
 * reminder switch, mutes and quiet hours allow; an email to those of them with no working device.
 */
export const remindRoutes: FastifyPluginAsyncZod<RemindRoutesOptions> = async (app, options) => {
  const { db, limiter, delivery, email, logger } = options;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.post(
    '/api/events/:eventId/remind',
    {
      schema: {
        tags: ['notifications'],
        summary: "Remind everyone who hasn't answered an occurrence (coaches and team admins)",
        description:
          'Pushes to each person with someone to answer for (themself or a linked child) and no answer, as their ' +
          'eventReminders switch, team mute and quiet hours allow, and emails those of them without a working ' +
          'push subscription (with one-click unsubscribe); answers 202 with how many were told (a push service ' +
          'or the mail server took it). At most once per occurrence per hour: 429 with Retry-After.',
        params: z.object({ eventId: idSchema }),
        body: remindInputSchema,
        response: { 202: remindResultSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { eventId } = request.params;
      const series = await findEventSeries(db, eventId);
      if (!series) throw eventNotFound();
      // Not a member: 404, as for an event that does not exist.
      let manages: boolean;
      try {
        manages = await canManage(db, series.teamId, userId);
      } catch {
        throw eventNotFound();
      }
      if (!manages) {
        throw new HttpError(
          403,
          'EVENT_MANAGERS_ONLY',
          "Only coaches and team admins can remind those who haven't answered",
        );
      }
      const key = new Date(request.body.occurrenceDate);
      const attendance = await occurrenceAttendance(db, eventId, key);
      if (!attendance) throw occurrenceNotFound();
      try {
        await limiter.hit(`remind:${eventId}:${key.toISOString()}`, REMIND_RATE);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
        throw new HttpError(
          429,
          'REMINDED_RECENTLY',
          'A reminder for this event went out less than an hour ago.',
          undefined,
          error.retryAfter,
        );
      }

      const [reminded] = await peopleToRemind(db, [attendance.noReply]);
      const people = new Set(reminded);
      people.delete(userId);
      const told = await tellable(db, [...people], series.teamId);
      const team = (await db.selectFrom('teams').select('name').where('id', '=', series.teamId).executeTakeFirst()) as
        { name: string } | undefined;
      const when = new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: series.timeZone,
      }).format(key);
      const now = new Date();
      // Each manual reminder is a notice of its own (its id keys the deliveries and a tap's report).
      const notified = await deliverNotice(
        { db, delivery, email, logger, clock: () => new Date() },
        { event_id: randomUUID(), event_type: 'ManualReminder', data: { eventId }, occurred_at: now },
        {
          teamIds: [series.teamId],
          userIds: told,
          preference: 'eventReminders',
          urgent: false,
          message: {
            title: `Please answer: ${series.title}`,
            body: `${team?.name ?? 'Your team'} · ${when}`,
            url: `/events/${series.teamId}?event=${eventId}`,
            tag: `remind-${eventId}`,
          },
        },
        told,
      );
      return reply.status(202).send({ notified: notified.size });
    },
  );
};

/** Of these people, those whose reminder switch is on, who did not mute the team, outside quiet hours. */
async function tellable(db: FeatureContext['db'], userIds: string[], teamId: string): Promise<string[]> {
  if (userIds.length === 0) return [];
  const [preferences, mutes, quiet] = await Promise.all([
    db.selectFrom('users').select(['id', 'notification_preferences']).where('id', 'in', userIds).execute(),
    db
      .selectFrom('team_notification_mutes')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', 'in', userIds)
      .execute(),
    quietHoursOfUsers(db, userIds),
  ]);
  const muted = new Set(mutes.map((m: { user_id: string }) => m.user_id));
  const now = new Date();
  return preferences
    .filter((p: { id: string; notification_preferences: unknown }) => {
      const parsed = notificationPreferencesSchema.safeParse(p.notification_preferences);
      const on = parsed.success ? withAllNotificationPreferences(parsed.data).eventReminders : true;
      return on && !muted.has(p.id) && !inQuietHours(quiet.get(p.id) ?? null, now);
    })
    .map((p: { id: string }) => p.id);
}

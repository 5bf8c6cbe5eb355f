import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  pushDecider,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeInputSchema,
  quietHoursInputSchema,
  quietHoursViewSchema,
  teamNotificationsInputSchema,
  teamNotificationsSchema,
  userStream,
  type PushCommand,
} from '@sideline/domain';
import { mutedTeamIdsOfUser, pushSubscriptionsOfUser, quietHoursOfUsers } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { sessionIdOf } from '../identity/sessions.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { EndpointRefused, type CheckEndpoint } from './endpoint-policy.ts';
import type { PushDelivery } from './push-delivery.ts';
import { rememberSubscribingSession } from './push-sessions.ts';
import type { VapidDetails } from './vapid.ts';

export interface PushRoutesOptions extends FeatureContext {
  vapid: VapidDetails;
  checkEndpoint: CheckEndpoint;
  delivery: PushDelivery;
}

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * Web Push: the VAPID public key browsers subscribe with, a person's subscriptions (one per
 * browser, events on their user stream), a test push, and what they are told about: per-team
 * mutes and quiet hours (the kinds themselves are /api/user/notification-preferences).
 */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, options) => {
  const { db, handle, vapid, checkEndpoint, delivery } = options;

  // Every route but the public key needs a session, before its body is looked at.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== '/api/push/public-key') requireUserId(request);
  });

  const decide = (userId: string, command: PushCommand) =>
    handle(pushDecider, userStream(userId), command, { actorId: userId });

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: "The VAPID public key (base64url) to pass as PushManager.subscribe's applicationServerKey",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: vapid.publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your devices that receive notifications',
        response: { 200: z.array(pushSubscriptionSchema), 401: errorSchema },
      },
    },
    async (request) => pushSubscriptionsOfUser(db, requireUserId(request)),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Turn notifications on for this browser (its PushSubscription's JSON)",
        description:
          'Idempotent per endpoint: subscribing the same browser again changes nothing (201 the first time, 200 after). ' +
          'At most 10 devices per person (409 TOO_MANY_PUSH_SUBSCRIPTIONS). Only https endpoints of the known push ' +
          'services (FCM, Mozilla, Apple, Windows) are accepted, never one resolving to a private address (400 ' +
          'ENDPOINT_REFUSED); PUSH_ENDPOINT_ALLOWLIST adds origins. Signing out removes the subscriptions the ' +
          'session made.',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { endpoint, keys } = request.body;
      try {
        await checkEndpoint(endpoint);
      } catch (error) {
        if (!(error instanceof EndpointRefused)) throw error;
        throw new HttpError(400, 'ENDPOINT_REFUSED', error.message, { endpoint: [error.message] });
      }
      const result = await decide(userId, { type: 'AddPushSubscription', data: { userId, endpoint, keys } });
      // Signing this session out removes the subscription (this browser's), named or not.
      if (request.sessionToken)
        await rememberSubscribingSession(db, userId, endpoint, sessionIdOf(request.sessionToken));
      const mine = await pushSubscriptionsOfUser(db, userId);
      const view = mine.find((s) => s.endpoint === endpoint) ?? { endpoint, createdAt: new Date().toISOString() };
      return reply.status(result.events.length > 0 ? 201 : 200).send(view);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn notifications off for a browser (by its endpoint); nothing happens for one unknown',
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      await decide(userId, {
        type: 'RemovePushSubscription',
        data: { userId, endpoint: request.body.endpoint, reason: 'unsubscribed' },
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/push/test',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Send a test notification to your devices (all of them, or the one with this endpoint)',
        body: z.object({ endpoint: pushEndpointSchema.optional() }),
        response: { 200: z.object({ sent: z.number().int(), delivered: z.number().int() }), 401: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const outcomes = await delivery.toUsers(
        [userId],
        { title: 'Sideline', body: 'Notifications work on this device.', url: '/settings', tag: 'test' },
        { onlyEndpoint: request.body.endpoint },
      );
      return { sent: outcomes.length, delivered: outcomes.filter((o) => o.outcome.kind === 'delivered').length };
    },
  );

  app.get(
    '/api/user/quiet-hours',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your quiet hours (null: none)',
        response: { 200: quietHoursViewSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return { quietHours: (await quietHoursOfUsers(db, [userId])).get(userId) ?? null };
    },
  );

  app.put(
    '/api/user/quiet-hours',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Set quiet hours (start and end as HH:MM in an IANA time zone), or null for none',
        description:
          'During quiet hours nothing is pushed to you, except a change to an event that starts within 24 hours.',
        body: quietHoursInputSchema,
        response: { 200: quietHoursViewSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { quietHours } = request.body;
      await decide(userId, { type: 'SetQuietHours', data: { userId, quietHours } });
      return { quietHours };
    },
  );

  app.get(
    '/api/user/muted-teams',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The teams whose notifications you muted',
        response: { 200: z.array(z.string()), 401: errorSchema },
      },
    },
    async (request) => mutedTeamIdsOfUser(db, requireUserId(request)),
  );

  app.put(
    '/api/teams/:teamId/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mute or unmute a team's notifications for yourself (members only)",
        description:
          'A muted team pushes nothing to you and sends you no email; the kinds you chose in ' +
          '/api/user/notification-preferences still apply to your other teams.',
        params: z.object({ teamId: idSchema }),
        body: teamNotificationsInputSchema,
        response: { 200: teamNotificationsSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      await requireTeamMember(db, teamId, userId);
      const { muted } = request.body;
      await decide(userId, { type: 'MuteTeamNotifications', data: { userId, teamId, muted } });
      return { teamId, muted };
    },
  );
};

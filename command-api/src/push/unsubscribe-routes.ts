import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDecider, userStream } from '@sideline/domain';
import { findNotificationPreferences } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import type { NotificationSwitch, UnsubscribeTokens } from './unsubscribe-tokens.ts';

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
const BAD_LINK = 'This unsubscribe link is not complete: copy the whole link from the email';
const querySchema = z.object({ token: z.string({ error: BAD_LINK }).min(1, BAD_LINK).max(400, BAD_LINK) });

/** What each switch stops, in the words of the page. */
const WHAT: Partial<Record<NotificationSwitch, string>> = {
  chatMessages: 'chat messages',
  eventChanges: 'schedule changes',
  eventReminders: 'event reminders',
  mediaShared: 'shared photos and videos',
  matchUpdates: 'match updates',
  livestreams: 'livestreams',
};

const page = (title: string, body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${title} · Sideline</title>` +
  '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111}' +
  'button{min-height:44px;min-width:44px;padding:0 1.25rem;font:inherit;border-radius:.5rem;border:0;' +
  'background:#111;color:#fff}</style></head>' +
  `<body><h1>${title}</h1>${body}</body></html>`;

/**
 * Email's one-click unsubscribe (RFC 8058): no session, the signed token in the URL names the
 * person and the switch. A mail program POSTs `List-Unsubscribe=One-Click`; a person following
 * the link gets a page with a button that POSTs the same. The switch is turned off through the
 * person's own SetNotificationPreferences command, so it is an event on their stream like any
 * change in Settings.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<FeatureContext & { tokens: UnsubscribeTokens }> = async (
  app,
  ctx,
) => {
  // RFC 8058 bodies are forms; what they say is fixed, so they are read as text and not parsed.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  const what = (which: NotificationSwitch) => WHAT[which] ?? which;

  async function personOf(token: string): Promise<{ userId: string; which: NotificationSwitch }> {
    const read = ctx.tokens.read(token);
    if (read.kind === 'malformed') throw new HttpError(400, 'BAD_UNSUBSCRIBE_TOKEN', BAD_LINK, { token: [BAD_LINK] });
    const gone = new HttpError(404, 'UNSUBSCRIBE_NOT_FOUND', 'This unsubscribe link is not valid');
    if (read.kind === 'forged') throw gone;
    if (!(await findNotificationPreferences(ctx.db, read.userId))) throw gone;
    return { userId: read.userId, which: read.switch };
  }

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary: "The page an email's unsubscribe link opens: a button that turns that email's switch off",
        querystring: querySchema,
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { which } = await personOf(request.query.token);
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            `Stop emails about ${what(which)}?`,
            `<p>Sideline will no longer notify you of ${what(which)}. You can turn this back on in Settings.</p>` +
              `<form method="post" action="${action}">` +
              '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
              '<button type="submit">Unsubscribe</button></form>',
          ) as never,
        );
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary:
          'One-click unsubscribe (RFC 8058; body `List-Unsubscribe=One-Click`): turns off the switch the ' +
          "token names in the person's notification preferences. No session; the signed token is the credential",
        querystring: querySchema,
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId, which } = await personOf(request.query.token);
      const current = (await findNotificationPreferences(ctx.db, userId))!;
      if (current[which]) {
        await ctx.handle(
          userDecider,
          userStream(userId),
          { type: 'SetNotificationPreferences', data: { userId, preferences: { ...current, [which]: false } } },
          { actorId: userId },
        );
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Unsubscribed',
            `<p>You will no longer be notified of ${what(which)}. You can turn this back on in Settings.</p>`,
          ) as never,
        );
    },
  );
};

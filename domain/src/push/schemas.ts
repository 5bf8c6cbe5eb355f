import { z } from 'zod';
import { text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/time-zone.ts';

/** A person may keep this many devices subscribed; a browser that subscribes again replaces its own. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (field: string, bytes: number) =>
  text({ error: `${field} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `${field} must be ${bytes} bytes`,
    });

export const pushEndpointSchema = text({ error: 'Endpoint is required' })
  .trim()
  .min(1, 'Endpoint is required')
  .max(PUSH_ENDPOINT_MAX_LENGTH, 'Endpoint is too long')
  .refine((v) => URL.canParse(v), { message: 'Endpoint must be a URL' });

/** POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    /** The browser's ECDH P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url('p256dh', 65),
    /** The 16-byte authentication secret. */
    auth: base64url('auth', 16),
  }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;
export type PushSubscriptionKeys = z.infer<typeof pushSubscriptionInputSchema>['keys'];

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeInputSchema = z.object({ endpoint: pushEndpointSchema });

/** GET /api/push/public-key: the VAPID public key a browser subscribes with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** A subscription as its owner sees it (the keys stay on the server). */
export const pushSubscriptionSchema = z.object({ endpoint: z.string(), createdAt: z.string() });
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

/** What a push carries: the service worker shows title and body, groups by tag, and a tap opens url. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  /** The notice it tells of (the change's event id): the service worker reports a tap with it. */
  noticeId: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** Why a subscription went away. */
export const pushRemovalReasons = ['unsubscribed', 'signed_out', 'gone'] as const;
export type PushRemovalReason = (typeof pushRemovalReasons)[number];

/** "HH:MM", 24-hour. */
const clockTime = text({ error: 'Time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 22:00');

/**
 * Quiet hours: from `start` to `end` (wrapping past midnight when end < start) in the person's
 * own time zone, pushes wait or are dropped. Null: none (the default).
 */
export const quietHoursSchema = z
  .object({ start: clockTime, end: clockTime, timeZone: timeZoneSchema })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must start and end at different times', path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** PUT /api/user/quiet-hours */
export const quietHoursInputSchema = z.object({ quietHours: quietHoursSchema.nullable() });
export const quietHoursViewSchema = z.object({
  quietHours: z.object({ start: z.string(), end: z.string(), timeZone: z.string() }).nullable(),
});

/** PUT /api/teams/{teamId}/notifications */
export const teamNotificationsInputSchema = z.object({ muted: z.boolean() });
export const teamNotificationsSchema = z.object({ teamId: z.string(), muted: z.boolean() });

/** POST /api/events/{eventId}/remind */
export const remindInputSchema = z.object({
  occurrenceDate: text({ error: 'Name the occurrence by its date and time' }).refine(
    (v) => !Number.isNaN(Date.parse(v)),
    'Name the occurrence by its date and time',
  ),
});
/** How many people were told (pushed to at least one of their devices). */
export const remindResultSchema = z.object({ notified: z.number().int() });

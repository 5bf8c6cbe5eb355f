import type { PushRemovalReason, PushSubscriptionKeys, QuietHours } from './schemas.ts';

/**
 * Push subscriptions, team mutes and quiet hours are a person's own: events on their user
 * stream (`user-{userId}`), beside their registration and settings.
 */
export type PushSubscriptionAdded = {
  type: 'PushSubscriptionAdded';
  data: { userId: string; endpoint: string; keys: PushSubscriptionKeys };
};
export type PushSubscriptionRemoved = {
  type: 'PushSubscriptionRemoved';
  data: { userId: string; endpoint: string; reason: PushRemovalReason };
};
export type TeamNotificationsMuted = {
  type: 'TeamNotificationsMuted';
  data: { userId: string; teamId: string; muted: boolean };
};
export type QuietHoursSet = { type: 'QuietHoursSet'; data: { userId: string; quietHours: QuietHours | null } };

export type PushEvent = PushSubscriptionAdded | PushSubscriptionRemoved | TeamNotificationsMuted | QuietHoursSet;

export const pushEventTypes = [
  'PushSubscriptionAdded',
  'PushSubscriptionRemoved',
  'TeamNotificationsMuted',
  'QuietHoursSet',
] as const satisfies readonly PushEvent['type'][];

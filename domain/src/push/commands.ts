import type { PushRemovalReason, PushSubscriptionKeys, QuietHours } from './schemas.ts';

export type AddPushSubscription = {
  type: 'AddPushSubscription';
  data: { userId: string; endpoint: string; keys: PushSubscriptionKeys };
};
export type RemovePushSubscription = {
  type: 'RemovePushSubscription';
  data: { userId: string; endpoint: string; reason: PushRemovalReason };
};
export type MuteTeamNotifications = {
  type: 'MuteTeamNotifications';
  data: { userId: string; teamId: string; muted: boolean };
};
export type SetQuietHours = { type: 'SetQuietHours'; data: { userId: string; quietHours: QuietHours | null } };

export type PushCommand = AddPushSubscription | RemovePushSubscription | MuteTeamNotifications | SetQuietHours;

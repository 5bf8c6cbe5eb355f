import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { PushCommand } from './commands.ts';
import type { PushEvent } from './events.ts';
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionKeys, type QuietHours } from './schemas.ts';

export interface PushState {
  registered: boolean;
  /** endpoint → keys */
  subscriptions: ReadonlyMap<string, PushSubscriptionKeys>;
  mutedTeams: ReadonlySet<string>;
  quietHours: QuietHours | null;
}

/** The user stream holds identity and settings events too; this decider only needs to know it exists. */
type Stored = PushEvent | { type: string; data: unknown };

const sameQuietHours = (a: QuietHours | null, b: QuietHours | null) =>
  a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end && a.timeZone === b.timeZone);

/** A person's push devices, team mutes and quiet hours, on their user stream. */
export const pushDecider: Decider<PushCommand, PushEvent, PushState, Stored> = {
  initialState: { registered: false, subscriptions: new Map(), mutedTeams: new Set(), quietHours: null },

  decide(command, state) {
    if (!state.registered) throw new DomainError('not_found', 'USER_NOT_FOUND', 'No such user');
    switch (command.type) {
      case 'AddPushSubscription': {
        const { userId, endpoint, keys } = command.data;
        const known = state.subscriptions.get(endpoint);
        // The same browser subscribing again: nothing new (or its keys renewed).
        if (known && known.p256dh === keys.p256dh && known.auth === keys.auth) return [];
        if (!known && state.subscriptions.size >= MAX_PUSH_SUBSCRIPTIONS) {
          throw new DomainError(
            'conflict',
            'TOO_MANY_PUSH_SUBSCRIPTIONS',
            `Notifications are on for ${MAX_PUSH_SUBSCRIPTIONS} devices already: turn them off on one you no longer use first.`,
          );
        }
        return [{ type: 'PushSubscriptionAdded', data: { userId, endpoint, keys } }];
      }
      case 'RemovePushSubscription': {
        const { userId, endpoint, reason } = command.data;
        return state.subscriptions.has(endpoint)
          ? [{ type: 'PushSubscriptionRemoved', data: { userId, endpoint, reason } }]
          : [];
      }
      case 'MuteTeamNotifications': {
        const { userId, teamId, muted } = command.data;
        return state.mutedTeams.has(teamId) === muted
          ? []
          : [{ type: 'TeamNotificationsMuted', data: { userId, teamId, muted } }];
      }
      case 'SetQuietHours': {
        const { userId, quietHours } = command.data;
        return sameQuietHours(state.quietHours, quietHours)
          ? []
          : [{ type: 'QuietHoursSet', data: { userId, quietHours } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, registered: true };
      case 'PushSubscriptionAdded': {
        const { endpoint, keys } = (event as Extract<PushEvent, { type: 'PushSubscriptionAdded' }>).data;
        return { ...state, subscriptions: new Map(state.subscriptions).set(endpoint, keys) };
      }
      case 'PushSubscriptionRemoved': {
        const { endpoint } = (event as Extract<PushEvent, { type: 'PushSubscriptionRemoved' }>).data;
        const subscriptions = new Map(state.subscriptions);
        subscriptions.delete(endpoint);
        return { ...state, subscriptions };
      }
      case 'TeamNotificationsMuted': {
        const { teamId, muted } = (event as Extract<PushEvent, { type: 'TeamNotificationsMuted' }>).data;
        const mutedTeams = new Set(state.mutedTeams);
        if (muted) mutedTeams.add(teamId);
        else mutedTeams.delete(teamId);
        return { ...state, mutedTeams };
      }
      case 'QuietHoursSet':
        return { ...state, quietHours: (event as Extract<PushEvent, { type: 'QuietHoursSet' }>).data.quietHours };
      default:
        return state;
    }
  },
};

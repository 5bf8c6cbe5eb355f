import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { IdentityCommand } from './commands.ts';
import type { IdentityEvent } from './events.ts';
import type { UserRole } from './schemas.ts';
import {
  defaultNotificationPreferences,
  withAllNotificationPreferences,
  type NotificationPreferencesInput,
  type UserSettingsCommand,
  type UserSettingsEvent,
} from './settings.ts';

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      name: string;
      email: string;
      role: UserRole;
      avatarUrl?: string | null;
      preferences?: NotificationPreferencesInput;
    };

const samePreferences = (a: NotificationPreferencesInput, b: NotificationPreferencesInput) => {
  const [x, y] = [withAllNotificationPreferences(a), withAllNotificationPreferences(b)];
  return (Object.keys(x) as (keyof typeof x)[]).every((key) => x[key] === y[key]);
};

type UserDecider = Decider<IdentityCommand | UserSettingsCommand, IdentityEvent | UserSettingsEvent, UserState>;

export const userDecider: UserDecider = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'unregistered') {
          throw new DomainError('conflict', 'USER_EXISTS', 'This user is already registered');
        }
        const { userId, name, email, role } = command.data;
        // Self-registration can never grant org_admin, whatever reaches the decider.
        if ((role as UserRole) === 'org_admin') {
          throw new DomainError('forbidden', 'ROLE_NOT_SELECTABLE', 'Organization Admin cannot be self-selected');
        }
        return [{ type: 'UserRegistered', data: { userId, name: name.trim(), email: email.toLowerCase(), role } }];
      }
      // Settings: a change to the same value records nothing.
      case 'RenameUser': {
        if (state.status !== 'registered') throw userNotFound();
        const name = command.data.name.trim();
        return name === state.name ? [] : [{ type: 'UserRenamed', data: { userId: state.userId, name } }];
      }
      case 'ChangeAvatar': {
        if (state.status !== 'registered') throw userNotFound();
        const { avatarUrl } = command.data;
        return avatarUrl === (state.avatarUrl ?? null)
          ? []
          : [{ type: 'UserAvatarChanged', data: { userId: state.userId, avatarUrl } }];
      }
      case 'SetNotificationPreferences': {
        if (state.status !== 'registered') throw userNotFound();
        const { preferences } = command.data;
        return samePreferences(preferences, state.preferences ?? defaultNotificationPreferences)
          ? []
          : [{ type: 'NotificationPreferencesSet', data: { userId: state.userId, preferences } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', ...event.data };
      case 'UserRenamed':
        return state.status === 'registered' ? { ...state, name: event.data.name } : state;
      case 'UserAvatarChanged':
        return state.status === 'registered' ? { ...state, avatarUrl: event.data.avatarUrl } : state;
      case 'NotificationPreferencesSet':
        return state.status === 'registered' ? { ...state, preferences: event.data.preferences } : state;
      // The user stream also holds push subscriptions, mutes and quiet hours (pushDecider's).
      default:
        return state;
    }
  },
};

function userNotFound(): DomainError {
  return new DomainError('not_found', 'USER_NOT_FOUND', 'No such user');
}

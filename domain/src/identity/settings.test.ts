import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { userDecider } from './decider.ts';
import { changePasswordInputSchema, defaultNotificationPreferences, updateProfileInputSchema } from './settings.ts';

const registered = {
  type: 'UserRegistered' as const,
  data: { userId: 'u1', name: 'Sam Coach', email: 'sam@example.com', role: 'coach' as const },
};

describe('user settings (decider)', () => {
  it('given a registered user, when RenameUser, then UserRenamed with the trimmed name', () => {
    given(userDecider, [registered])
      .when({ type: 'RenameUser', data: { userId: 'u1', name: '  Sam Rivera ' } })
      .then([{ type: 'UserRenamed', data: { userId: 'u1', name: 'Sam Rivera' } }]);
  });

  it('given a user renamed to a name, when RenameUser to the same name, then nothing is recorded', () => {
    given(userDecider, [registered, { type: 'UserRenamed', data: { userId: 'u1', name: 'Sam Rivera' } }])
      .when({ type: 'RenameUser', data: { userId: 'u1', name: 'Sam Rivera' } })
      .then([]);
  });

  it('given no user, when RenameUser, then it is refused as not found', () => {
    given(userDecider)
      .when({ type: 'RenameUser', data: { userId: 'u1', name: 'Sam' } })
      .thenRefuses('USER_NOT_FOUND');
  });

  it('given a user with a picture, when ChangeAvatar to none, then UserAvatarChanged to null; again, nothing', () => {
    const withPicture = {
      type: 'UserAvatarChanged' as const,
      data: { userId: 'u1', avatarUrl: '/api/avatars/a.webp' },
    };
    given(userDecider, [registered, withPicture])
      .when({ type: 'ChangeAvatar', data: { userId: 'u1', avatarUrl: null } })
      .then([{ type: 'UserAvatarChanged', data: { userId: 'u1', avatarUrl: null } }]);
    given(userDecider, [registered])
      .when({ type: 'ChangeAvatar', data: { userId: 'u1', avatarUrl: null } })
      .then([]);
  });

  it('records notification preferences only when they differ from the current ones (all on at first)', () => {
    given(userDecider, [registered])
      .when({ type: 'SetNotificationPreferences', data: { userId: 'u1', preferences: defaultNotificationPreferences } })
      .then([]);
    const quieter = { ...defaultNotificationPreferences, chatMessages: false };
    given(userDecider, [registered])
      .when({ type: 'SetNotificationPreferences', data: { userId: 'u1', preferences: quieter } })
      .then([{ type: 'NotificationPreferencesSet', data: { userId: 'u1', preferences: quieter } }]);
    given(userDecider, [
      registered,
      { type: 'NotificationPreferencesSet', data: { userId: 'u1', preferences: quieter } },
    ])
      .when({ type: 'SetNotificationPreferences', data: { userId: 'u1', preferences: quieter } })
      .then([]);
  });
});

describe('settings payloads', () => {
  it('refuses a blank or over-long name with a field message', () => {
    const blank = updateProfileInputSchema.safeParse({ name: '   ' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Full name is required']]);
    expect(updateProfileInputSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('refuses a short new password, and one equal to the current password', () => {
    const short = changePasswordInputSchema.safeParse({ currentPassword: 'old password', newPassword: 'short' });
    expect(short.error?.issues.map((i) => i.path.join('.'))).toEqual(['newPassword']);
    const same = changePasswordInputSchema.safeParse({
      currentPassword: 'same password',
      newPassword: 'same password',
    });
    expect(same.error?.issues.map((i) => i.message)).toEqual(['Choose a password different from the current one']);
  });
});

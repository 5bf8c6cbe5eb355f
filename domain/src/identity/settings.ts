import { z } from 'zod';
import { text } from '../shared/text.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schemas.ts';

/**
 * A person's own settings (the Settings screen): their name, their picture, what Sideline may
 * notify them about. Each change is an event in the user's stream; the password is a credential,
 * not an event.
 */

export const USER_NAME_MAX_LENGTH = 100;

const nameSchema = text({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(USER_NAME_MAX_LENGTH, `Full name must be at most ${USER_NAME_MAX_LENGTH} characters`);

/** PATCH /api/user */
export const updateProfileInputSchema = z.object({ name: nameSchema });
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/**
 * What a person may be notified about; every kind is on until they turn it off. `matchUpdates`
 * (a match started, a goal, the final score) and `livestreams` (a stream went live) came later: a
 * body without them keeps what the person had, and answers always carry all six.
 */
export const notificationPreferencesSchema = z.object({
  chatMessages: z.boolean(),
  eventChanges: z.boolean(),
  eventReminders: z.boolean(),
  mediaShared: z.boolean(),
  matchUpdates: z.boolean().optional(),
  livestreams: z.boolean().optional(),
});
/** A body of PUT /api/user/notification-preferences, and a stored choice of any age. */
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
/** The four switches of the first Settings screen (what its web code knows by name). */
export type NotificationPreferences = Pick<
  AllNotificationPreferences,
  'chatMessages' | 'eventChanges' | 'eventReminders' | 'mediaShared'
>;

/** GET/PUT /api/user/notification-preferences answer every switch. */
export const allNotificationPreferencesSchema = notificationPreferencesSchema.required();
export type AllNotificationPreferences = z.infer<typeof allNotificationPreferencesSchema>;

export const defaultNotificationPreferences: AllNotificationPreferences = {
  chatMessages: true,
  eventChanges: true,
  eventReminders: true,
  mediaShared: true,
  matchUpdates: true,
  livestreams: true,
};

/** Stored preferences of any age, with the switches added since on. */
export const withAllNotificationPreferences = (stored: NotificationPreferencesInput): AllNotificationPreferences => ({
  ...defaultNotificationPreferences,
  ...Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined)),
});

/** POST /api/user/password */
export const changePasswordInputSchema = z
  .object({
    currentPassword: text({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
    newPassword: text({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** POST /api/user/password and DELETE /api/user/sessions answer how many sessions were ended. */
export const sessionsEndedSchema = z.object({ sessionsEnded: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export type UserRenamed = { type: 'UserRenamed'; data: { userId: string; name: string } };
export type UserAvatarChanged = { type: 'UserAvatarChanged'; data: { userId: string; avatarUrl: string | null } };
export type NotificationPreferencesSet = {
  type: 'NotificationPreferencesSet';
  data: { userId: string; preferences: NotificationPreferencesInput };
};
export type UserSettingsEvent = UserRenamed | UserAvatarChanged | NotificationPreferencesSet;

export type RenameUser = { type: 'RenameUser'; data: { userId: string; name: string } };
export type ChangeAvatar = { type: 'ChangeAvatar'; data: { userId: string; avatarUrl: string | null } };
export type SetNotificationPreferences = {
  type: 'SetNotificationPreferences';
  data: { userId: string; preferences: AllNotificationPreferences };
};
export type UserSettingsCommand = RenameUser | ChangeAvatar | SetNotificationPreferences;

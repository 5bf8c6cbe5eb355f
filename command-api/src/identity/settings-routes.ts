import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_IS_EMAIL_MESSAGE,
  changePasswordInputSchema,
  IMAGE_MAX_BYTES,
  allNotificationPreferencesSchema,
  notificationPreferencesSchema,
  withAllNotificationPreferences,
  type NotificationPreferencesInput,
  safeText,
  sessionsEndedSchema,
  updateProfileInputSchema,
  userDecider,
  userSchema,
  userStream,
  type User,
  type UserSettingsCommand,
} from '@sideline/domain';
import { findNotificationPreferences, findUserById, type ReadModels } from '@sideline/projections';
import type { RateRule } from '../http/rate-limiter.ts';
import { processImage } from '../media/image-processing.ts';
import { removeFiles, writeFileAtomically } from '../media/media-storage.ts';
import { readUploadForm, unsupportedType } from '../media/upload-form.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import type { PasswordHasher } from './passwords.ts';
import { clearSessionCookie, requireUserId, type SessionCookie } from './session-auth.ts';
import { sessionIdOf, type SessionStore } from './sessions.ts';

export interface SettingsRoutesOptions extends FeatureContext {
  sessions: SessionStore;
  passwords: PasswordHasher;
  cookie: SessionCookie;
  /**
   * Sessions of the person were ended here (a password change: all but `keptSessionId`; sign out
   * everywhere: all): the browsers signed out stop getting their notifications.
   */
  onSessionsEnded?: (userId: string, keptSessionId: string | null) => Promise<void>;
}

/** A person trying pictures on is fine; a script is not. */
const AVATAR_RATE: RateRule = { max: 20, windowSeconds: 10 * 60 };
/** Wrong current passwords, per account: the same budget as failed sign-ins. */
const PASSWORD_FAILURES: RateRule = { max: 10, windowSeconds: 15 * 60 };

/** `{avatarId}.webp`, as an upload names it. */
const AVATAR_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const avatarUrlOf = (fileName: string) => `/api/avatars/${fileName}`;

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The Settings screen's calls: the signed-in person's name, picture, notification preferences and
 * password, and "sign out everywhere". Name, picture and preferences are commands on the user's
 * stream; the password is a credential (ordinary table) and changing it ends every other session.
 */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, options) => {
  const { db, dataDir, handle, limiter, sessions, passwords, cookie } = options;
  const avatarDir = path.join(dataDir, 'avatars');
  const tempDir = path.join(dataDir, 'uploads', '.incoming');
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });

  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  async function decide(userId: string, command: UserSettingsCommand): Promise<User> {
    await handle(userDecider, userStream(userId), command, { actorId: userId });
    const user = await findUserById(db, userId);
    if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
    return user;
  }

  app.patch(
    '/api/user',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change your name',
        body: updateProfileInputSchema,
        response: { 200: userSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return decide(userId, { type: 'RenameUser', data: { userId, name: request.body.name } });
    },
  );

  app.post(
    '/api/user/avatar',
    {
      schema: {
        tags: ['settings'],
        summary: 'Upload your picture (multipart: file; PNG, JPEG, GIF or WebP up to 10 MB)',
        description:
          'Re-encoded as a WebP of at most 400 px without any metadata (EXIF, GPS); shown only to you and ' +
          'the members of your teams.',
        response: { 200: userSchema, 400: errorSchema, 413: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await limiter.hit(`avatar:user:${userId}`, AVATAR_RATE);
      const form = await readUploadForm(request, tempDir);
      const file = form.file;
      try {
        if (!file) {
          throw new HttpError(400, 'FILE_REQUIRED', 'Choose a picture to upload.', {
            file: ['Choose a picture to upload.'],
          });
        }
        if (file.format.kind !== 'image') throw unsupportedType();
        // The same re-encoding as every shared photo; its WebP thumbnail is the avatar.
        const { thumbnail } = await processImage(await readFile(file.tempPath), file.format.format);
        const fileName = `${randomUUID()}.webp`;
        const target = path.join(avatarDir, fileName);
        await writeFileAtomically(target, thumbnail);
        const previous = await findUserById(db, userId);
        let user: User;
        try {
          user = await decide(userId, { type: 'ChangeAvatar', data: { userId, avatarUrl: avatarUrlOf(fileName) } });
        } catch (error) {
          await removeFiles([target]);
          throw error;
        }
        await removeOwnAvatar(previous?.avatarUrl ?? null);
        return user;
      } finally {
        if (file) await rm(file.tempPath, { force: true });
      }
    },
  );

  app.delete(
    '/api/user/avatar',
    {
      schema: {
        tags: ['settings'],
        summary: 'Remove your picture (initials are shown)',
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const previous = await findUserById(db, userId);
      const user = await decide(userId, { type: 'ChangeAvatar', data: { userId, avatarUrl: null } });
      await removeOwnAvatar(previous?.avatarUrl ?? null);
      return user;
    },
  );

  async function removeOwnAvatar(url: string | null) {
    const fileName = url?.slice(url.lastIndexOf('/') + 1);
    if (fileName && AVATAR_FILE.test(fileName)) await removeFiles([path.join(avatarDir, fileName)]);
  }

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags: ['settings'],
        summary: "A person's picture: for them and the members of their teams only",
        params: z.object({ file: safeText.max(64) }),
      },
    },
    async (request, reply) => {
      const viewerId = requireUserId(request);
      const { file } = request.params;
      const owner = AVATAR_FILE.test(file) ? await avatarOwner(db, avatarUrlOf(file)) : null;
      // Unknown, replaced, or someone the viewer shares no team with: all the same 404.
      if (!owner || !(owner === viewerId || (await shareATeam(db, viewerId, owner)))) throw avatarNotFound();
      const filePath = path.join(avatarDir, file);
      const size = await stat(filePath).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw avatarNotFound();
      return (
        reply
          .header('content-type', 'image/webp')
          .header('content-length', size)
          // A new picture gets a new name, so a cached one never goes stale.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(createReadStream(filePath))
      );
    },
  );

  app.get(
    '/api/user/notification-preferences',
    {
      schema: {
        tags: ['settings'],
        summary: 'What Sideline may notify you about',
        response: { 200: allNotificationPreferencesSchema },
      },
    },
    async (request) => {
      const preferences = await findNotificationPreferences(db, requireUserId(request));
      if (!preferences) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
      return preferences;
    },
  );

  app.put(
    '/api/user/notification-preferences',
    {
      schema: {
        tags: ['settings'],
        summary: 'Choose what Sideline may notify you about',
        description:
          'chatMessages, eventChanges, eventReminders, mediaShared, matchUpdates (a match started, a goal, the ' +
          'final score) and livestreams (a stream went live). matchUpdates and livestreams may be left out: they ' +
          'keep their current value.',
        body: notificationPreferencesSchema,
        response: { 200: allNotificationPreferencesSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const current = (await findNotificationPreferences(db, userId)) ?? {};
      const given = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      const preferences = withAllNotificationPreferences({ ...current, ...given } as NotificationPreferencesInput);
      await decide(userId, { type: 'SetNotificationPreferences', data: { userId, preferences } });
      return (await findNotificationPreferences(db, userId))!;
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change your password; every other session is signed out',
        body: changePasswordInputSchema,
        response: { 200: sessionsEndedSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { currentPassword, newPassword } = request.body;
      // The same rules as at sign-up (NIST SP 800-63B): no common password, not the email.
      refuseCommonPassword(newPassword, 'newPassword');
      const row = await db
        .selectFrom('credentials')
        .select(['password_hash', 'email'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const failuresKey = `password:account:${userId}`;
      if (!row || !(await passwords.verify(currentPassword, row.password_hash))) {
        await limiter.hit(failuresKey, PASSWORD_FAILURES);
        throw new HttpError(400, 'WRONG_PASSWORD', 'Your current password is not right', {
          currentPassword: ['This is not your current password'],
        });
      }
      await limiter.reset(failuresKey);
      if (newPassword.trim().toLowerCase() === row.email.toLowerCase()) {
        throw new HttpError(400, 'PASSWORD_IS_EMAIL', PASSWORD_IS_EMAIL_MESSAGE, {
          newPassword: [PASSWORD_IS_EMAIL_MESSAGE],
        });
      }
      await db
        .updateTable('credentials')
        .set({ password_hash: await passwords.hash(newPassword) })
        .where('user_id', '=', userId)
        .execute();
      // Whoever else knew the old password is signed out; this device stays signed in.
      const sessionsEnded = await sessions.revokeAllForUser(userId, { exceptToken: request.sessionToken });
      await options.onSessionsEnded?.(userId, request.sessionToken ? sessionIdOf(request.sessionToken) : null);
      return { sessionsEnded };
    },
  );

  app.delete(
    '/api/user/sessions',
    {
      schema: {
        tags: ['settings'],
        summary: 'Sign out everywhere, this device included',
        response: { 200: sessionsEndedSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const sessionsEnded = await sessions.revokeAllForUser(userId);
      await options.onSessionsEnded?.(userId, null);
      clearSessionCookie(reply, cookie);
      return { sessionsEnded };
    },
  );
};

function avatarNotFound(): HttpError {
  return new HttpError(404, 'AVATAR_NOT_FOUND', 'Picture not found');
}

async function avatarOwner(db: Kysely<ReadModels>, url: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('avatar_url', '=', url).executeTakeFirst();
  return row?.id ?? null;
}

async function shareATeam(db: Kysely<ReadModels>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_members as mine')
    .innerJoin('team_members as theirs', 'theirs.team_id', 'mine.team_id')
    .select('mine.team_id')
    .where('mine.user_id', '=', a)
    .where('theirs.user_id', '=', b)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

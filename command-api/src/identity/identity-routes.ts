import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginInputSchema,
  registerUserInputSchema,
  userDecider,
  userSchema,
  userStream,
  type User,
} from '@sideline/domain';
import { findUserById, type ReadModels } from '@sideline/projections';
import { nextUtcMidnight, ownRead } from '../http/cached-read-rules.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import type { CommandHandler } from '../shared/command-handler.ts';
import { HttpError } from '../shared/http-errors.ts';
import type { AuthTables } from './auth-tables.ts';
import { commonPasswords, refuseCommonPassword } from './common-passwords.ts';
import type { DeviceCookies } from './device-cookies.ts';
import type { PasswordHasher } from './passwords.ts';
import { clearSessionCookie, requireUserId, setSessionCookie, type SessionCookie } from './session-auth.ts';
import { sessionIdOf, type SessionStore } from './sessions.ts';
import { signInAttempts } from './sign-in-attempts.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export interface IdentityRoutesOptions {
  db: Kysely<ReadModels & AuthTables>;
  handle: CommandHandler;
  sessions: SessionStore;
  cookie: SessionCookie;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  throttle: SignInThrottle;
  devices: DeviceCookies;
  /**
   * Called on sign-out: the browser's push endpoint when it named one, and the ending session's
   * id (the subscriptions it made are that browser's too).
   */
  onSignOut?: (userId: string, browser: { pushEndpoint: string | null; sessionId: string | null }) => Promise<void>;
}

// A password hash costs ~0.5 s of a core: this budget keeps one client from exhausting the server
// (sign-ins wait per account, address and browser: sign-in-attempts.ts).
const REGISTER_PER_IP = { max: 10, windowSeconds: 15 * 60 };

const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const { db } = options;
  const { handle, sessions, cookie, passwords, limiter, throttle, devices } = options;
  const takeSignInAttempt = signInAttempts(throttle, devices);
  // Loaded at start, so the first sign-up does not pay for it and a missing list stops the boot.
  commonPasswords();

  const startSession = async (
    request: { headers: Record<string, unknown>; ip: string; sessionToken: string | null },
    reply: Parameters<typeof setSessionCookie>[0],
    userId: string,
  ) => {
    // A fresh id on every sign-in: a session id planted before login is worthless after it.
    if (request.sessionToken) await sessions.revoke(request.sessionToken);
    const token = await sessions.create(userId, {
      userAgent: String(request.headers['user-agent'] ?? ''),
      ip: request.ip,
    });
    setSessionCookie(reply, cookie, token);
  };

  const purge = setInterval(
    () => void throttle.purge().catch((err: unknown) => app.log.warn({ err }, 'could not purge sign-in throttles')),
    60 * 60_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  app.post(
    '/api/register',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create an account and sign in',
        body: registerUserInputSchema,
        response: { 201: userSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password, name, role } = request.body;
      refuseCommonPassword(password);
      await limiter.hit(`register:ip:${request.ip}`, REGISTER_PER_IP);
      const userId = randomUUID();
      const passwordHash = await passwords.hash(password);
      // The unique email in `credentials` is the reservation; the event follows.
      const reserved = await db
        .insertInto('credentials')
        .values({ user_id: userId, email, password_hash: passwordHash, created_at: new Date() })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      if (Number(reserved.numInsertedOrUpdatedRows ?? 0n) === 0) {
        throw new HttpError(409, 'EMAIL_TAKEN', 'An account with this email already exists', {
          email: ['An account with this email already exists'],
        });
      }
      let result;
      try {
        result = await handle(
          userDecider,
          userStream(userId),
          { type: 'RegisterUser', data: { userId, name, email, role } },
          { actorId: userId },
        );
      } catch (error) {
        await db.deleteFrom('credentials').where('user_id', '=', userId).execute();
        throw error;
      }
      await startSession(request, reply, userId);
      devices.issue(reply, userId);
      const user = (await findUserById(db, userId)) ?? fromEvent(result.events[0]!.data, new Date());
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['identity'],
        summary:
          'Sign in. After failed attempts, browsers that have not signed in to the account before wait ' +
          '(429 with Retry-After, per account and per address); a browser that has keeps signing in',
        body: loginInputSchema,
        response: { 200: userSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const credentials = await db.selectFrom('credentials').selectAll().where('email', '=', email).executeTakeFirst();
      // A waiting account answers 429 before the password is looked at, right or wrong: otherwise
      // 200 versus 429 would tell a guesser which of its attempts was right. An unknown email
      // waits the same way, so waiting says nothing about whether an account exists.
      const attempt = await takeSignInAttempt(email, credentials?.user_id ?? null, request);
      const valid = credentials
        ? await passwords.verify(password, credentials.password_hash)
        : (await passwords.dummyVerify(password), false);
      if (!valid || !credentials) throw new HttpError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      await attempt.succeeded();
      const user = await findUserById(db, credentials.user_id);
      if (!user)
        throw new HttpError(
          503,
          'NOT_READY',
          'Your account is still being set up; try again in a moment',
          undefined,
          1,
        );
      await startSession(request, reply, user.id);
      // After the session cookie: clients that keep the first cookie keep the session.
      devices.issue(reply, user.id);
      return user;
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign out (revokes the session); also without one',
        description:
          'The push subscriptions this session made are removed with it, and so is the one a browser names ' +
          '(JSON body `{pushEndpoint}` or the `X-Push-Endpoint` header; one subscribed in an earlier session).',
        response: { 204: z.null().describe('Signed out; the session cookie is cleared') },
      },
    },
    async (request, reply) => {
      const pushEndpoint = pushEndpointOf(request.headers['x-push-endpoint'], request.body);
      if (request.userId && options.onSignOut) {
        const sessionId = request.sessionToken ? sessionIdOf(request.sessionToken) : null;
        await options.onSignOut(request.userId, { pushEndpoint, sessionId });
      }
      if (request.sessionToken) await sessions.revoke(request.sessionToken);
      clearSessionCookie(reply, cookie);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user',
    {
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user; 401 when signed out',
        response: { 200: userSchema, 401: errorSchema },
      },
      // The streak shown is reckoned from today's date (UTC).
      config: { cachedRead: ownRead({ expiresAt: (_request, _user, readAt) => nextUtcMidnight(readAt) }) },
    },
    async (request) => {
      const user = await findUserById(db, requireUserId(request));
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
      return user;
    },
  );
};

function pushEndpointOf(header: string | string[] | undefined, body: unknown): string | null {
  const fromBody =
    body && typeof body === 'object' && typeof (body as { pushEndpoint?: unknown }).pushEndpoint === 'string'
      ? (body as { pushEndpoint: string }).pushEndpoint
      : null;
  const value = fromBody ?? (typeof header === 'string' ? header : null);
  return value && value.length <= 2048 && URL.canParse(value) ? value : null;
}

function fromEvent(data: unknown, createdAt: Date): User {
  const d = data as { userId: string; name: string; email: string; role: User['role'] };
  return {
    id: d.userId,
    name: d.name,
    email: d.email,
    role: d.role,
    accountRole: d.role,
    avatarUrl: null,
    createdAt: createdAt.toISOString(),
    xp: 0,
    dulars: 0,
    streak: 0,
  };
}

import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { keptServerSecret } from './server-secrets.ts';
import type { AuthTables } from './auth-tables.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account carries a cookie signed for that account, and its sign-ins are
 * throttled on their own, never by the failures of others. It grants nothing else: the password
 * is still asked for. One cookie per account, so a family computer knows each of its people.
 */
export interface DeviceCookies {
  /** This browser's device id for the account, when it carries a cookie signed for it; else null. */
  read(request: FastifyRequest, userId: string): string | null;
  /** Gives this browser a new device cookie for the account (after a right password). */
  issue(reply: FastifyReply, userId: string): void;
}

const MAX_AGE_SECONDS = 365 * 86_400;
/** Sent only where it is read. */
const PATH = '/api/login';
const SECRET_NAME = 'device_cookie';

export function createDeviceCookies(options: { secret: Buffer; secure: boolean }): DeviceCookies {
  const { secret, secure } = options;
  // `__Secure-` (not `__Host-`, which would need Path=/) behind https.
  const nameOf = (userId: string) =>
    `${secure ? '__Secure-' : ''}sideline_device_${hash('sha256', userId, 'hex').slice(0, 16)}`;
  const mac = (userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`sideline-device:${userId}:${nonce}`).digest();
  return {
    read(request, userId) {
      const value = request.cookies[nameOf(userId)];
      const [nonce, signature, ...rest] = value?.split('.') ?? [];
      if (!nonce || !signature || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(userId, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
    issue(reply, userId) {
      const nonce = randomBytes(16).toString('base64url');
      void reply.setCookie(nameOf(userId), `${nonce}.${mac(userId, nonce).toString('base64url')}`, {
        path: PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}

/**
 * The key device cookies are signed with: DEVICE_COOKIE_SECRET when configured, else one made
 * on first start and kept in the database (with the data in embedded mode; shared by every
 * process of a deployment in split mode).
 */
export async function deviceCookieSecret(
  database: Kysely<AuthTables>,
  configured: string | undefined,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const secret = await keptServerSecret(database, SECRET_NAME, () => randomBytes(32).toString('base64url'));
  return Buffer.from(secret, 'base64url');
}

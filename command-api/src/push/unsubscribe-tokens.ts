import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { allNotificationPreferencesSchema, type AllNotificationPreferences } from '@sideline/domain';
import { keptServerSecret } from '../identity/server-secrets.ts';
import type { AuthTables } from '../identity/auth-tables.ts';

export type NotificationSwitch = keyof AllNotificationPreferences;
const SWITCHES = new Set(Object.keys(allNotificationPreferencesSchema.shape));
const SECRET_NAME = 'unsubscribe-key';

export type ReadToken =
  | { kind: 'valid'; userId: string; switch: NotificationSwitch }
  /** Not a token's shape at all: 400. */
  | { kind: 'malformed' }
  /** Shaped like one but not signed by this server: 404, as for an unknown person. */
  | { kind: 'forged' };

export interface UnsubscribeTokens {
  /** `{userId}.{switch}.{mac}` (base64url), naming the person and the switch it turns off. */
  make(userId: string, which: NotificationSwitch): string;
  read(token: string): ReadToken;
}

/**
 * Tokens for email's one-click unsubscribe (RFC 8058): a link must work without a session, so it
 * is signed (HMAC-SHA256) with a key made on first start and kept with the data, like the VAPID
 * keys; every process of a deployment reads the same key. A token never expires: the switch can
 * be turned back on in Settings, and an old email's link should still stop the mail.
 */
export async function unsubscribeTokens(database: Kysely<AuthTables>): Promise<UnsubscribeTokens> {
  const secret = await keptServerSecret(database, SECRET_NAME, () => randomBytes(32).toString('base64url'));
  const key = Buffer.from(secret, 'base64url');
  const mac = (body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest();
  return {
    make(userId, which) {
      const body = `${Buffer.from(userId).toString('base64url')}.${which}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]{1,128}$/.test(p))) return { kind: 'malformed' };
      const [user, which, signature] = parts as [string, string, string];
      if (!SWITCHES.has(which)) return { kind: 'malformed' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${user}.${which}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'forged' };
      return { kind: 'valid', userId: Buffer.from(user, 'base64url').toString(), switch: which as NotificationSwitch };
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthTables } from './auth-tables.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const SLIDE_AFTER_MS = 5 * 60_000;

export interface SessionStore {
  /** A new random session id; only its hash is stored, so a database leak grants no sessions. */
  create(userId: string, meta: { userAgent?: string | null; ip?: string | null }): Promise<string>;
  resolve(token: string): Promise<{ userId: string } | null>;
  revoke(token: string): Promise<void>;
  purgeExpired(): Promise<number>;
}

export function createSessionStore(database: Kysely<any>, options: { ttlDays: number }): SessionStore {
  const db = database as Kysely<AuthTables>;
  const ttlMs = options.ttlDays * 24 * 60 * 60_000;
  return {
    async create(userId, meta) {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await db
        .insertInto('sessions')
        .values({
          id_hash: hashToken(token),
          user_id: userId,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + ttlMs),
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
        })
        .execute();
      return token;
    },
    async resolve(token) {
      if (!token || token.length > 100) return null;
      const idHash = hashToken(token);
      const now = new Date();
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'last_seen_at'])
        .where('id_hash', '=', idHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return null;
      // Sliding expiry, written at most every few minutes to keep reads cheap.
      if (now.getTime() - row.last_seen_at.getTime() > SLIDE_AFTER_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now, expires_at: new Date(now.getTime() + ttlMs) })
          .where('id_hash', '=', idHash)
          .execute();
      }
      return { userId: row.user_id };
    },
    async revoke(token) {
      await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
    },
    async purgeExpired() {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

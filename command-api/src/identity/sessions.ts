import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthTables } from './auth-tables.ts';

// One-shot `hash`, not a Hash object: every signed-in request hashes its cookie (0.23 µs against 0.6).
const hashToken = (token: string) => hash('sha256', token, 'base64url');

/**
 * The session's id outside the cookie (sockets, the bus): the stored hash, so knowing it grants
 * nothing.
 */
export const sessionIdOf = hashToken;

const SLIDE_AFTER_MS = 5 * 60_000;
/**
 * A cached session is re-read from the table at least this often: the bound on how long a
 * session deleted without a revocation notice (the bus was down, a row removed by hand) is
 * still honoured by a process that had it cached.
 */
const RECHECK_AFTER_MS = 60_000;
/** Sessions kept in memory per process (the oldest are dropped first). */
const MAX_CACHED = 100_000;

interface CachedSession {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
  checkedAt: number;
}

export interface SessionStore {
  /** A new random session id; only its hash is stored, so a database leak grants no sessions. */
  create(userId: string, meta: { userAgent?: string | null; ip?: string | null }): Promise<string>;
  resolve(token: string): Promise<{ userId: string } | null>;
  revoke(token: string): Promise<void>;
  /**
   * Ends every session of a user ("sign out everywhere", a password change), except the one with
   * `exceptToken` when given; answers how many ended.
   */
  revokeAllForUser(userId: string, options?: { exceptToken?: string | null }): Promise<number>;
  purgeExpired(): Promise<number>;
  /** Which of these session ids (`sessionIdOf`) still exist and have not expired. */
  activeSessionIds(sessionIds: readonly string[]): Promise<string[]>;
  /** Drops a session (`sessionIdOf`) revoked elsewhere from this process's memory. */
  forget(sessionId: string): void;
  /** Drops every cached session (revocations may have been missed). */
  forgetAll(): void;
}

export interface SessionStoreOptions {
  ttlDays: number;
  /**
   * Called after a session was revoked (sign-out, or a sign-in replacing it), e.g. to close its
   * open sockets and tell the other processes to forget it. Its failure is the caller's to log;
   * the revocation itself has happened.
   */
  onRevoked?: (userId: string, sessionId: string) => Promise<void>;
  now?: () => number;
}

/**
 * Sessions live in the `sessions` table; each process keeps the ones it resolved in memory, so a
 * signed-in request costs no query. A revocation removes the row, then `onRevoked` announces it
 * (the bus notice every process acts on with `forget`); a cached entry is re-read from the table
 * every RECHECK_AFTER_MS, and its expiry is checked on every use.
 */

export function createSessionStore(db: Kysely<AuthTables>, options: SessionStoreOptions): SessionStore {
  const ttlMs = options.ttlDays * 24 * 60 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CachedSession>();
  // Bumped by every revocation: a lookup that raced one (read the row just before its deletion)
  // answers from what it read but does not keep it.
  let revocations = 0;
  const remember = (idHash: string, session: CachedSession, seenRevocations: number) => {
    if (seenRevocations !== revocations) return;
    cache.delete(idHash);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(idHash, session);
  };
  const forget = (idHash: string) => {
    revocations++;
    cache.delete(idHash);
  };
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
      const at = now();
      let session = cache.get(idHash);
      if (!session || session.expiresAt <= at || at - session.checkedAt >= RECHECK_AFTER_MS) {
        cache.delete(idHash);
        const seenRevocations = revocations;
        const row = await db
          .selectFrom('sessions')
          .select(['user_id', 'last_seen_at', 'expires_at'])
          .where('id_hash', '=', idHash)
          .where('expires_at', '>', new Date(at))
          .executeTakeFirst();
        if (!row) return null;
        session = {
          userId: row.user_id,
          expiresAt: row.expires_at.getTime(),
          lastSeenAt: row.last_seen_at.getTime(),
          checkedAt: at,
        };
        remember(idHash, session, seenRevocations);
      }
      // Sliding expiry, written at most every few minutes (per process) to keep reads cheap.
      if (at - session.lastSeenAt > SLIDE_AFTER_MS) {
        session.lastSeenAt = at;
        session.expiresAt = at + ttlMs;
        await db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(at), expires_at: new Date(at + ttlMs) })
          .where('id_hash', '=', idHash)
          .execute();
      }
      return { userId: session.userId };
    },
    async revoke(token) {
      const idHash = hashToken(token);
      const revoked = await db.deleteFrom('sessions').where('id_hash', '=', idHash).returning('user_id').execute();
      forget(idHash);
      for (const { user_id } of revoked) await options.onRevoked?.(user_id, idHash);
    },
    async revokeAllForUser(userId, { exceptToken } = {}) {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptToken) query = query.where('id_hash', '!=', hashToken(exceptToken));
      // Every revocation is announced, so the sessions' open sockets close in every gateway too.
      const revoked = await query.returning('id_hash').execute();
      for (const { id_hash } of revoked) {
        forget(id_hash);
        await options.onRevoked?.(userId, id_hash);
      }
      return revoked.length;
    },
    forget,
    forgetAll() {
      revocations++;
      cache.clear();
    },
    async purgeExpired() {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async activeSessionIds(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .select('id_hash')
        .where('id_hash', 'in', [...sessionIds])
        .where('expires_at', '>', new Date())
        .execute();
      return rows.map((row) => row.id_hash);
    },
  };
}

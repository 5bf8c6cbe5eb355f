import { sql, type Kysely } from 'kysely';
import type { AuthTables } from '../identity/auth-tables.ts';
import { HttpError } from '../shared/http-errors.ts';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every API process shares them (split mode) and a
 * restart does not reset an attacker's budget.
 */
export interface RateLimiter {
  /** Counts a hit; throws a 429 HttpError (with retry time) once `max` is exceeded. */
  hit(key: string, rule: RateRule): Promise<void>;
  /** Throws the same 429 when `key` has already used up `max` in its current window; counts nothing. */
  check(key: string, rule: RateRule): Promise<void>;
  reset(key: string): Promise<void>;
  purgeStale(olderThanSeconds: number): Promise<void>;
}

export function createRateLimiter(db: Kysely<AuthTables>): RateLimiter {
  return {
    async hit(key, rule) {
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: sql<Date>`now()`, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limits.window_start < now() - ${window} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql<Date>`CASE WHEN rate_limits.window_start < now() - ${window} THEN now() ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow();
      if (row.hits > rule.max) throw tooMany(row.window_start, rule);
    },
    async check(key, rule) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['hits', 'window_start'])
        .where('key', '=', key)
        .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${rule.windowSeconds})`)
        .executeTakeFirst();
      if (row && row.hits >= rule.max) throw tooMany(row.window_start, rule);
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async purgeStale(olderThanSeconds) {
      await db
        .deleteFrom('rate_limits')
        .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
        .execute();
    },
  };
}

function tooMany(windowStart: Date, rule: RateRule): HttpError {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000));
  return new HttpError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Try again in ${formatWait(retryAfter)}.`,
    undefined,
    retryAfter,
  );
}

/** "45 seconds", "3 minutes": how long a 429 asks to wait. */
export function formatWait(seconds: number): string {
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

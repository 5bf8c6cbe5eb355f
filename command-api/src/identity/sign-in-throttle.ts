import { sql, type Kysely } from 'kysely';
import type { AuthTables } from './auth-tables.ts';

/**
 * How long a key waits after its failures: `free` failures cost nothing, then each one doubles
 * the wait from `firstDelaySeconds` up to `maxDelaySeconds`. A key with no failure for
 * `forgetAfterSeconds` starts over.
 */
export interface ThrottleRule {
  free: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

/** Seconds a key must wait after its `failures`-th failure. */
export function delaySeconds(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.firstDelaySeconds * 2 ** (failures - rule.free), rule.maxDelaySeconds);
}

/**
 * The most failures a rule lets through in any `windowSeconds` (failures come no faster than the
 * waits allow; the count starts over only after `forgetAfterSeconds` without one).
 */
export function mostFailuresIn(rule: ThrottleRule, windowSeconds: number): number {
  if (rule.forgetAfterSeconds < windowSeconds) return Infinity;
  let failures = 0;
  let elapsed = 0;
  for (;;) {
    failures++;
    const wait = delaySeconds(rule, failures);
    if (elapsed + wait >= windowSeconds) return failures;
    elapsed += wait;
  }
}

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

/** An attempt taken on its keys: counted as a failure until it turns out right. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back to every key it was taken on. */
  succeeded(): Promise<void>;
}

export type TakeResult = { ok: true; attempt: SignInAttempt } | { ok: false; retryAfterSeconds: number };

/**
 * Sign-in throttle state in PostgreSQL, so every API process shares it (split mode) and a
 * restart does not reset it. An attempt is taken (counted as a failure) before the password is
 * checked, under a row lock, so parallel guesses cannot all slip through before the first
 * failure is written; a right password gives its attempt back.
 */
export interface SignInThrottle {
  /** Takes one attempt on every key at once, or on none when any of them must still wait. */
  take(keys: readonly ThrottleKey[]): Promise<TakeResult>;
  /** Drops the rows that have been forgotten. */
  purge(): Promise<void>;
}

export function createSignInThrottle(db: Kysely<AuthTables>, clock: () => Date): SignInThrottle {
  return {
    async take(keys) {
      const now = clock();
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const names = sorted.map((k) => k.key);
      const taken = await db.transaction().execute(async (trx) => {
        // Rows are created and locked in key order, so two attempts on the same keys never deadlock.
        await trx
          .insertInto('sign_in_throttles')
          .values(names.map((key) => ({ key, failures: 0, locked_until: now, expires_at: now })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        const rows = await trx
          .selectFrom('sign_in_throttles')
          .selectAll()
          .where('key', 'in', names)
          .orderBy('key')
          .forUpdate()
          .execute();
        const current = sorted.map(({ key, rule }) => {
          const row = rows.find((r) => r.key === key);
          const live = row !== undefined && row.expires_at.getTime() > now.getTime();
          return { key, rule, failures: live ? row.failures : 0, lockedUntil: live ? row.locked_until : now };
        });
        const waitMs = Math.max(0, ...current.map((c) => c.lockedUntil.getTime() - now.getTime()));
        if (waitMs > 0) return { waitMs, reserved: [] };
        const reserved = [];
        for (const c of current) {
          const failures = c.failures + 1;
          const lockedUntil = new Date(now.getTime() + delaySeconds(c.rule, failures) * 1000);
          const expiresAt = new Date(Math.max(now.getTime() + c.rule.forgetAfterSeconds * 1000, lockedUntil.getTime()));
          await trx
            .updateTable('sign_in_throttles')
            .set({ failures, locked_until: lockedUntil, expires_at: expiresAt })
            .where('key', '=', c.key)
            .execute();
          reserved.push({ key: c.key, failures, before: c.lockedUntil });
        }
        return { waitMs: 0, reserved };
      });
      if (taken.waitMs > 0) return { ok: false, retryAfterSeconds: Math.ceil(taken.waitMs / 1000) };
      return {
        ok: true,
        attempt: {
          async succeeded() {
            for (const { key, failures, before } of taken.reserved) {
              // The wait this attempt set goes too, unless a failure since has set its own.
              await db
                .updateTable('sign_in_throttles')
                .set({
                  failures: sql<number>`failures - 1`,
                  locked_until: sql<Date>`CASE WHEN failures = ${failures} THEN ${before} ELSE locked_until END`,
                })
                .where('key', '=', key)
                .where('failures', '>', 0)
                .execute();
            }
          },
        },
      };
    },
    async purge() {
      await db.deleteFrom('sign_in_throttles').where('expires_at', '<', clock()).execute();
    },
  };
}

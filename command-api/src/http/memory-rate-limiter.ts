import { HttpError } from '../shared/http-errors.ts';
import type { RateLimiter, RateRule } from './rate-limiter.ts';

/**
 * Fixed-window counters in this process's memory, for hot paths (chat sends) where a database
 * write per request would cost more than the send itself. Per process, so in split mode each API
 * process grants its own budget: fine for damping spam, not for security budgets (sign-in keeps
 * the shared PostgreSQL limiter).
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; hits: number }>();
  return {
    async hit(key: string, rule: RateRule) {
      const at = now();
      const windowMs = rule.windowSeconds * 1000;
      let entry = windows.get(key);
      if (!entry || at - entry.start >= windowMs) {
        entry = { start: at, hits: 0 };
        windows.set(key, entry);
      }
      entry.hits++;
      if (entry.hits > rule.max) {
        const retryAfter = Math.max(1, Math.ceil((entry.start + windowMs - at) / 1000));
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `Too many messages. Try again in ${retryAfter} seconds.`,
          undefined,
          retryAfter,
        );
      }
    },
    async check(key: string, rule: RateRule) {
      const at = now();
      const entry = windows.get(key);
      const windowMs = rule.windowSeconds * 1000;
      if (entry && at - entry.start < windowMs && entry.hits >= rule.max) {
        const retryAfter = Math.max(1, Math.ceil((entry.start + windowMs - at) / 1000));
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `Too many messages. Try again in ${retryAfter} seconds.`,
          undefined,
          retryAfter,
        );
      }
    },
    async reset(key: string) {
      windows.delete(key);
    },
    async purgeStale(olderThanSeconds: number) {
      const cutoff = now() - olderThanSeconds * 1000;
      for (const [key, entry] of windows) if (entry.start < cutoff) windows.delete(key);
    },
  };
}

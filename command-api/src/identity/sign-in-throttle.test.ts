import { describe, expect, it } from 'vitest';
import { KNOWN_BROWSER, UNKNOWN_BROWSERS_PER_ACCOUNT, UNKNOWN_BROWSERS_PER_ADDRESS } from './sign-in-attempts.ts';
import { delaySeconds, mostFailuresIn } from './sign-in-throttle.ts';

const DAY = 86_400;

describe('sign-in waits', () => {
  it('are free for the first failures, then double to a ceiling', () => {
    const rule = UNKNOWN_BROWSERS_PER_ACCOUNT;
    expect([8, 9, 10, 11, 12, 13].map((f) => delaySeconds(rule, f))).toEqual([0, 0, 2, 4, 8, 16]);
    expect(delaySeconds(rule, 40)).toBe(30 * 60);
  });

  it('let no account take more than 100 guesses a day from browsers it does not know (NIST SP 800-63B §5.2.2)', () => {
    expect(mostFailuresIn(UNKNOWN_BROWSERS_PER_ACCOUNT, DAY)).toBe(66);
    expect(mostFailuresIn(UNKNOWN_BROWSERS_PER_ACCOUNT, DAY)).toBeLessThanOrEqual(100);
    // A known browser guessing is capped the same way before it falls back to the shared budget.
    expect(mostFailuresIn(KNOWN_BROWSER, DAY)).toBeLessThanOrEqual(100);
  });

  it('count failures in runs: a rule forgotten sooner than the window gives no daily bound', () => {
    expect(mostFailuresIn(UNKNOWN_BROWSERS_PER_ADDRESS, DAY)).toBe(Infinity);
    expect(mostFailuresIn({ free: 1, firstDelaySeconds: 10, maxDelaySeconds: 10, forgetAfterSeconds: 100 }, 100)).toBe(
      10,
    );
  });
});

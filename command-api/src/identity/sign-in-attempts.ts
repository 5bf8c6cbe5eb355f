import type { FastifyRequest } from 'fastify';
import { formatWait } from '../http/rate-limiter.ts';
import { HttpError } from '../shared/http-errors.ts';
import type { DeviceCookies } from './device-cookies.ts';
import type { SignInAttempt, SignInThrottle, ThrottleRule } from './sign-in-throttle.ts';

const DAY = 86_400;
/**
 * Failed sign-ins at one account from browsers it does not know. After 10, the waits double
 * from 2 s to 30 min, and are forgotten after a day without failures: at most 66 guesses a day
 * (NIST SP 800-63B §5.2.2 allows 100), while the owner's known browsers never wait for them.
 */
export const UNKNOWN_BROWSERS_PER_ACCOUNT: ThrottleRule = {
  free: 10,
  firstDelaySeconds: 2,
  maxDelaySeconds: 30 * 60,
  forgetAfterSeconds: DAY,
};
/** Failed sign-ins from one address at any account, from browsers that do not know the account. */
export const UNKNOWN_BROWSERS_PER_ADDRESS: ThrottleRule = {
  free: 20,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};
/** Failed sign-ins of one known browser; when it waits, it signs in as an unknown one. */
export const KNOWN_BROWSER: ThrottleRule = {
  free: 10,
  firstDelaySeconds: 2,
  maxDelaySeconds: 30 * 60,
  forgetAfterSeconds: DAY,
};

/**
 * One attempt of a sign-in, taken before the password is checked: on the browser's own budget
 * when it carries this account's device cookie, else on the account's and the address's budgets
 * for unknown browsers. Throws a 429 while they wait, whatever the password.
 */
export function signInAttempts(throttle: SignInThrottle, devices: DeviceCookies) {
  return async (email: string, userId: string | null, request: FastifyRequest): Promise<SignInAttempt> => {
    const device = userId ? devices.read(request, userId) : null;
    if (device) {
      const known = await throttle.take([{ key: `device:${device}`, rule: KNOWN_BROWSER }]);
      if (known.ok) return known.attempt;
    }
    const unknown = await throttle.take([
      { key: `account:${email}`, rule: UNKNOWN_BROWSERS_PER_ACCOUNT },
      { key: `address:${request.ip}`, rule: UNKNOWN_BROWSERS_PER_ADDRESS },
    ]);
    if (unknown.ok) return unknown.attempt;
    throw new HttpError(
      429,
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${formatWait(unknown.retryAfterSeconds)}.`,
      undefined,
      unknown.retryAfterSeconds,
    );
  };
}

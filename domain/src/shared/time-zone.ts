import type { z } from 'zod';
import { text } from './text.ts';

// IANA names are Area/Location words ("America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC");
// this keeps out the UTC-offset strings ("+05:00") that newer Intl versions also accept.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

export const TIME_ZONE_MESSAGE = 'Choose a time zone such as America/New_York';

/** The canonical IANA name of `name` (case and aliases as the runtime's tz database resolves them), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether `zone` is an IANA time zone this runtime knows (e.g. America/New_York). */
export const isIanaTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/** The canonical zone, or an issue with the time-zone message. */
function canonicalOrIssue(name: string, ctx: z.RefinementCtx): string {
  const zone = canonicalTimeZone(name);
  if (!zone) ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
  return zone ?? '';
}

/** The one time-zone field of every request (events, organizations): an IANA name, normalised to its canonical spelling. */
export const timeZoneSchema = text({ error: 'Time zone is required' })
  .trim()
  .transform((v, ctx) => canonicalOrIssue(v, ctx));

/**
 * A time zone a form may clear: '' (its "none" choice) is null. One string schema rather than a
 * union of '' and a zone, so that a bad value is told what is wrong with it (a union that fails
 * says only "Invalid input").
 */
export const clearableTimeZoneSchema = text()
  .trim()
  .transform((v, ctx): string | null => (v === '' ? null : canonicalOrIssue(v, ctx)));

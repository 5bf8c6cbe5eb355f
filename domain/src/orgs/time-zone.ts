export { isIanaTimeZone, timeZoneSchema } from '../shared/time-zone.ts';

/** The zones the org console offers first (spec part 2 §9); any IANA zone is accepted. */
export const suggestedTimeZones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
] as const;

export const DEFAULT_ORG_TIME_ZONE = 'UTC';

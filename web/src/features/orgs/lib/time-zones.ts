import { isIanaTimeZone, suggestedTimeZones } from '@sideline/domain';

/** The browser's own zone when it is one the server accepts, else the first suggested one. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : suggestedTimeZones[0];
}

/**
 * The zones to offer: the spec's four US zones first, then every zone the browser knows; the
 * current value is always among them.
 */
export function timeZoneOptions(current?: string | null): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter(isIanaTimeZone) : [];
  return [...new Set([...suggestedTimeZones, ...(current ? [current] : []), 'UTC', ...all])];
}

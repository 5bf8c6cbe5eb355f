/**
 * A kick-off as a person reads it, with its zone so nobody misreads the hour: "Sat, Dec 5, 3:00 PM
 * GMT" (the year too when it is not this year). In the viewer's zone unless one is given.
 */
export function kickOffText(iso: string, timeZone?: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** The zone this browser reads times in (the phone's setting). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether `zone` is a zone this browser knows (a stored zone from a newer tz database may not be). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A match's kick-off in the zone it is played in (team A's), as the touchline reads it, with the
 * zone named when it is not the viewer's own: "Sat, Dec 5, 10:00 AM EST (America/New York time)".
 * In the viewer's zone when the match has none.
 */
export function matchKickOffText(iso: string, matchZone: string | null | undefined, now = new Date()): string {
  const zone = matchZone && knownZone(matchZone) ? matchZone : undefined;
  const text = kickOffText(iso, zone, now);
  if (!zone || zone === browserTimeZone()) return text;
  return `${text} (${zone.replaceAll('_', ' ')} time)`;
}

/** A map search for a place, which phones open in their maps app. */
export function mapsUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

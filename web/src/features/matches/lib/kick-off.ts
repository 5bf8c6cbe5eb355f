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

/** A map search for a place, which phones open in their maps app. */
export function mapsUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { icsLocal, icsUtc, toRRuleValue } from '@sideline/domain';
import type { EventSeries } from '@sideline/projections';

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma escaped; newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines of at most 75 octets, continued with CRLF + one space; never splits a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts against their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

let knownZones: ReadonlySet<string> | undefined;

/**
 * The VTIMEZONE component (RFC 5545 §3.6.5: the zone's standard and daylight rules, from the
 * IANA database the library ships) and the TZID it defines, or null for a zone it does not know.
 */
export function vtimezone(zone: string): { tzid: string; lines: string[] } | null {
  knownZones ??= new Set(tzlib_get_timezones() as string[]);
  if (!knownZones.has(zone)) return null;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || !block[0] || !block[1]) return null;
  return { tzid: block[1].replace(/^TZID=/, ''), lines: block[0].split(/\r?\n/).filter(Boolean) };
}

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC';

/**
 * One VEVENT per event; a series carries its RRULE (clients expand it themselves). A series in
 * a zone starts at its local time with that zone's TZID, and the zone's VTIMEZONE is included,
 * so calendar apps keep its wall-clock time across daylight-saving changes as Sideline does.
 */
export function renderCalendar(calendarName: string, series: readonly EventSeries[], host: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sideline//Team calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
  ];
  const zones = new Map<string, { tzid: string; lines: string[] } | null>();
  for (const { timeZone } of series) {
    if (!isUtc(timeZone) && !zones.has(timeZone)) zones.set(timeZone, vtimezone(timeZone));
  }
  const defined = new Set<string>();
  for (const zone of zones.values()) {
    if (zone && !defined.has(zone.tzid)) {
      defined.add(zone.tzid);
      lines.push(...zone.lines);
    }
  }
  for (const event of series) {
    // A zone the library does not know still goes out as its IANA TZID, which calendar apps resolve.
    const tzid = isUtc(event.timeZone) ? null : (zones.get(event.timeZone)?.tzid ?? event.timeZone);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${host}`,
      `DTSTAMP:${icsUtc(event.createdAt)}`,
      tzid ? `DTSTART;TZID=${tzid}:${icsLocal(event.startsAt, event.timeZone)}` : `DTSTART:${icsUtc(event.startsAt)}`,
      `SUMMARY:${escapeText(event.title)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.recurrence) lines.push(`RRULE:${toRRuleValue(event.recurrence)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

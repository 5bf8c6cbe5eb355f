import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { icsLocal, icsUtc, isOccurrence, toRRuleValue } from '@sideline/domain';
import type { EventSeries, OccurrenceRow } from '@sideline/projections';

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

/** Whether an occurrence's own row says anything a calendar app shows (its own values, or a cancellation). */
const hasOverride = (row: OccurrenceRow) =>
  row.cancelled || row.starts_at !== null || row.title !== null || row.description !== null || row.location !== null;

/**
 * One VEVENT per event; a series carries its RRULE (clients expand it themselves). A series in
 * a zone starts at its local time with that zone's TZID, and the zone's VTIMEZONE is included,
 * so calendar apps keep its wall-clock time across daylight-saving changes as Sideline does.
 *
 * An occurrence changed or cancelled on its own is a VEVENT of the same UID with a RECURRENCE-ID
 * (its start by the rule): its own time, title and place, or STATUS:CANCELLED (a one-off event
 * cancelled is cancelled as a whole). A series split by "this and following" is two series: the
 * old one's rule ends before the split, the new one is an event of its own. SEQUENCE counts the
 * event's changes, so that a calendar app replaces its copy on each.
 */
export function renderCalendar(
  calendarName: string,
  series: readonly EventSeries[],
  host: string,
  occurrenceChanges: readonly OccurrenceRow[] = [],
): string {
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
  const changesOf = new Map<string, OccurrenceRow[]>();
  for (const row of occurrenceChanges) {
    if (!hasOverride(row)) continue;
    let list = changesOf.get(row.event_id);
    if (!list) changesOf.set(row.event_id, (list = []));
    list.push(row);
  }
  for (const event of series) {
    // A zone the library does not know still goes out as its IANA TZID, which calendar apps resolve.
    const tzid = isUtc(event.timeZone) ? null : (zones.get(event.timeZone)?.tzid ?? event.timeZone);
    const at = (instant: Date, property: string) =>
      tzid ? `${property};TZID=${tzid}:${icsLocal(instant, event.timeZone)}` : `${property}:${icsUtc(instant)}`;
    const own = (changesOf.get(event.id) ?? []).filter((row) =>
      isOccurrence(event.recurrence, event.startsAt, event.timeZone, row.occurrence_date),
    );
    const stamp = [event.createdAt, event.changedAt, ...own.map((r) => r.changed_at)]
      .filter((d): d is Date => d !== null)
      .reduce((a, b) => (b > a ? b : a));
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${host}`,
      `DTSTAMP:${icsUtc(stamp)}`,
      `SEQUENCE:${event.sequence}`,
      at(event.startsAt, 'DTSTART'),
      `SUMMARY:${escapeText(event.title)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.recurrence) lines.push(`RRULE:${toRRuleValue(event.recurrence)}`);
    else if (own.some((r) => r.cancelled)) lines.push('STATUS:CANCELLED');
    lines.push('END:VEVENT');
    if (!event.recurrence) continue;
    for (const row of own) {
      const title = row.title ?? event.title;
      const description = row.description ?? event.description;
      const location = row.location ?? event.location;
      lines.push(
        'BEGIN:VEVENT',
        `UID:${event.id}@${host}`,
        `DTSTAMP:${icsUtc(row.changed_at ?? stamp)}`,
        `SEQUENCE:${event.sequence}`,
        at(row.occurrence_date, 'RECURRENCE-ID'),
        at(row.starts_at ?? row.occurrence_date, 'DTSTART'),
        `SUMMARY:${escapeText(title)}`,
      );
      if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
      if (location) lines.push(`LOCATION:${escapeText(location)}`);
      if (row.cancelled) lines.push('STATUS:CANCELLED');
      lines.push('END:VEVENT');
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

import { z } from 'zod';

/**
 * Dates a person may enter. Outside this range they are typos (year 0020 for 2020), and PGlite
 * returns years 0001–0099 as 1999–2001, so such a date would not even come back as sent.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
export const DATE_RANGE_MESSAGE = `Choose a date between ${MIN_YEAR} and ${MAX_YEAR}`;

/** Whether an ISO date or date-time falls in MIN_YEAR..MAX_YEAR (UTC). */
export function isWithinYearRange(iso: string): boolean {
  const year = new Date(iso).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO 8601 date-time with an offset (`Z` or `+02:00`), within the year range. */
export function boundedIsoDateTime(error = 'Choose a date and a time') {
  // `abort`: a value that is no date-time at all gets that message alone, not the range one too.
  return z.iso
    .datetime({ offset: true, error, abort: true })
    .refine(isWithinYearRange, { message: DATE_RANGE_MESSAGE, abort: true });
}

/** An ISO 8601 date (`YYYY-MM-DD`), within the year range. */
export function boundedIsoDate(error = 'Choose a date') {
  return z.iso.date({ error, abort: true }).refine(isWithinYearRange, { message: DATE_RANGE_MESSAGE, abort: true });
}

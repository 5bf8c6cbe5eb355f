/** A video's length as m:ss (h:mm:ss from an hour); null when the length is unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Spec §9: relative times read 'x ago'. */
export { timeAgo } from '../../../lib/intl-dates.ts';

/** Where the file downloads from (the server answers with Content-Disposition: attachment). */
export const downloadUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

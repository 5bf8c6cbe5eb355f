import { formatMediumDate, formatMediumDateTime, parseIsoDate } from '../../../lib/intl-dates.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Spec part 2 §2, §9: a file size in Bytes, KB, MB or GB (1024 steps, two decimals at most,
 * trailing zeros dropped): 0 Bytes, 512 Bytes, 1.5 KB, 2.25 MB, 1 GB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}

/** Spec part 2 §4: underscores shown as spaces, first letter capital ('in_progress' → 'In progress'). */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Admin portal colours: scheduled blue, in progress orange, completed green, cancelled and others grey. */
export function matchStatusTone(status: string): BadgeTone {
  if (status === 'scheduled') return 'blue';
  if (status === 'in_progress') return 'orange';
  if (status === 'completed' || status === 'complete') return 'green';
  return 'neutral';
}

/** A date-time for lists: 'Mar 4, 2026, 5:30 PM'; the raw text when it is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  return date ? formatMediumDateTime(date) : (iso ?? '');
}

/** A date for lists: 'Mar 4, 2026'; the raw text when it is not a date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  return date ? formatMediumDate(date) : (iso ?? '');
}

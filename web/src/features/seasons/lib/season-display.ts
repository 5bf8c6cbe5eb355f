import { seasonDaysLeft, seasonDisplayStatus, type Season, type SeasonDisplayStatus } from '@sideline/domain';
import { format, parseISO } from 'date-fns';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** Today's calendar day on this device (YYYY-MM-DD). */
export function localToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** Spec part 2 §4, from the same domain rule the server uses, on the viewer's today. */
export function statusOf(season: Pick<Season, 'isActive' | 'startDate' | 'endDate'>, today = localToday()) {
  return seasonDisplayStatus(season, today);
}

export function daysLeftText(season: Pick<Season, 'endDate'>, today = localToday()): string {
  const days = seasonDaysLeft(season.endDate, today);
  return days === 1 ? '1 day left' : `${days} days left`;
}

export const statusTones: Record<SeasonDisplayStatus, BadgeTone> = {
  Active: 'green',
  Scheduled: 'blue',
  Inactive: 'neutral',
};

export function dateRange(season: Pick<Season, 'startDate' | 'endDate'>): string {
  return `${format(parseISO(season.startDate), 'MMM d, yyyy')} – ${format(parseISO(season.endDate), 'MMM d, yyyy')}`;
}

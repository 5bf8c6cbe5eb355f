import type { CreateEventInput } from '@sideline/domain';
import { toCreateEventInput, type EventFormValues } from '../../calendar/lib/event-form.ts';

/** Spec part 2 §5 (team page): occurrences 1–52, default 10; the interval is always 1. */
export const TEAM_EVENT_COUNT_MIN = 1;
export const TEAM_EVENT_COUNT_MAX = 52;
export const TEAM_EVENT_COUNT_DEFAULT = 10;

/** Sun to Sat as the strings '0' to '6' (spec §5). */
export const teamEventWeekdays = [
  { value: '0', short: 'Sun', label: 'Sunday' },
  { value: '1', short: 'Mon', label: 'Monday' },
  { value: '2', short: 'Tue', label: 'Tuesday' },
  { value: '3', short: 'Wed', label: 'Wednesday' },
  { value: '4', short: 'Thu', label: 'Thursday' },
  { value: '5', short: 'Fri', label: 'Friday' },
  { value: '6', short: 'Sat', label: 'Saturday' },
] as const;

export interface TeamEventForm {
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  isRecurring: boolean;
  recurringType: 'daily' | 'weekly' | 'monthly';
  recurringDays: string[];
  endType: 'date' | 'count';
  recurringEndDate: string;
  recurringEndCount: string;
}

export const emptyTeamEventForm: TeamEventForm = {
  title: '',
  description: '',
  date: '',
  time: '',
  location: '',
  isRecurring: false,
  recurringType: 'weekly',
  recurringDays: [],
  endType: 'count',
  recurringEndDate: '',
  recurringEndCount: String(TEAM_EVENT_COUNT_DEFAULT),
};

/** A refusal as spec §5 words it: the toast's title and description. */
export interface TeamEventProblem {
  title: string;
  description: string;
}

/** The first §5 rule the form breaks, or null. */
export function teamEventProblem(form: TeamEventForm): TeamEventProblem | null {
  if (!form.title.trim() || !form.date || !form.time) {
    return { title: 'Please fill in required fields', description: 'Title, date, and time are required' };
  }
  if (!form.isRecurring) return null;
  if (form.recurringType === 'weekly' && form.recurringDays.length === 0) {
    return {
      title: 'Please select days for weekly recurring events',
      description: 'At least one day must be selected',
    };
  }
  if (form.endType === 'date' && !form.recurringEndDate) {
    return { title: 'Please specify an end date for recurring events', description: 'End date is required' };
  }
  if (form.endType === 'count') {
    const count = Number(form.recurringEndCount);
    if (!/^\s*\d+\s*$/.test(form.recurringEndCount) || count < TEAM_EVENT_COUNT_MIN || count > TEAM_EVENT_COUNT_MAX) {
      return { title: 'Please specify the number of occurrences', description: 'Count must be a positive number' };
    }
  }
  return null;
}

/** The POST /api/teams/{teamId}/events body, through the events feature's own mapping (local date and time). */
export function teamEventInput(form: TeamEventForm): CreateEventInput {
  const values: EventFormValues = {
    title: form.title.trim(),
    description: form.description.trim(),
    date: form.date,
    time: form.time,
    location: form.location.trim(),
    isRecurring: form.isRecurring,
    recurringType: form.recurringType,
    recurringInterval: '1',
    recurringDays: form.recurringDays.map(Number),
    endType: form.endType,
    recurringEndDate: form.recurringEndDate,
    recurringEndCount: form.recurringEndCount.trim(),
  };
  return toCreateEventInput(values);
}

/** `YYYY-MM-DD` of today in the browser's time zone: date inputs start there (spec §5). */
export function todayInputValue(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

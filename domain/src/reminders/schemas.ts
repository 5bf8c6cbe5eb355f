import { z } from 'zod';
import { TEAM_REMINDER_CHOICES, type TeamReminders } from './choices.ts';

/** When a team's members are reminded of an answer they still owe: never, the day before, or two days and one day before. */
export const teamRemindersSchema = z.enum(TEAM_REMINDER_CHOICES, {
  error: "Choose 'off', '24h' or '48h+24h'",
});

/** A reminder window: how long before the start it is sent. */
export const reminderWindowSchema = z.enum(['48h', '24h']);
export type ReminderWindow = z.infer<typeof reminderWindowSchema>;

const HOUR_MS = 60 * 60 * 1000;
export const REMINDER_WINDOW_MS: Record<ReminderWindow, number> = { '48h': 48 * HOUR_MS, '24h': 24 * HOUR_MS };

/**
 * The window an occurrence starting at `startsAt` is in at `now` under the team's setting: the
 * narrowest one it has entered, so an occurrence created inside the 24 h window gets one reminder,
 * not two at once. Null before the first window, after the start, or when reminders are off.
 */
export function reminderWindowAt(setting: TeamReminders, startsAt: Date, now: Date): ReminderWindow | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (setting === 'off' || ahead <= 0) return null;
  if (ahead <= REMINDER_WINDOW_MS['24h']) return '24h';
  if (setting === '48h+24h' && ahead <= REMINDER_WINDOW_MS['48h']) return '48h';
  return null;
}

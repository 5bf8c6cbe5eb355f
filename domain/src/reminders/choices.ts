/**
 * The team setting's choices, apart from their zod schema: the web app's settings select reads
 * them without loading zod on the team screen.
 */
export const TEAM_REMINDER_CHOICES = ['off', '24h', '48h+24h'] as const;
export type TeamReminders = (typeof TEAM_REMINDER_CHOICES)[number];
export const DEFAULT_TEAM_REMINDERS: TeamReminders = '48h+24h';

export const isTeamReminders = (value: string): value is TeamReminders =>
  (TEAM_REMINDER_CHOICES as readonly string[]).includes(value);

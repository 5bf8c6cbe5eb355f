import type { ReminderSent } from './events.ts';

/** The scheduler found the window open: remind these people, unless this window was done already. */
export type SendReminder = { type: 'SendReminder'; data: ReminderSent['data'] };
export type ReminderCommand = SendReminder;

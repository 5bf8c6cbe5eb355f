import type { ReminderWindow } from './schemas.ts';

/**
 * One reminder window of one occurrence, on a stream of its own, so that of any number of
 * processes that find it due only the first append (expecting no stream) wins.
 */
export const reminderStream = (eventId: string, occurrenceDate: string, window: ReminderWindow) =>
  `reminder-${eventId}-${occurrenceDate}-${window}`;

/**
 * The people reminded of an answer they still owe for an occurrence (themself or a linked child):
 * who was due one when the window opened; the sender tells those whose switch, mute and quiet
 * hours allow. Empty when everyone had answered: the window is still done.
 */
export type ReminderSent = {
  type: 'ReminderSent';
  data: {
    eventId: string;
    teamId: string;
    occurrenceDate: string;
    /** Where the occurrence starts (it may have been moved from its date by the rule). */
    startsAt: string;
    window: ReminderWindow;
    userIds: string[];
  };
};

export type ReminderEvent = ReminderSent;
export const reminderEventTypes = ['ReminderSent'] as const satisfies readonly ReminderEvent['type'][];

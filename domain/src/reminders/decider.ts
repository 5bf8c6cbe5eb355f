import type { Decider } from '../shared/decider.ts';
import type { ReminderCommand } from './commands.ts';
import type { ReminderEvent } from './events.ts';

export interface ReminderState {
  sent: boolean;
}

/** Never twice for the same occurrence and window: a second SendReminder records nothing. */
export const reminderDecider: Decider<ReminderCommand, ReminderEvent, ReminderState> = {
  initialState: { sent: false },
  decide(command, state) {
    if (state.sent) return [];
    return [{ type: 'ReminderSent', data: command.data }];
  },
  evolve(state, event) {
    return event.type === 'ReminderSent' ? { sent: true } : state;
  },
};

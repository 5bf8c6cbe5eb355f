import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { reminderDecider } from './decider.ts';
import { reminderWindowAt } from './schemas.ts';

const data = {
  eventId: 'e1',
  teamId: 't1',
  occurrenceDate: '2030-05-04T10:00:00.000Z',
  startsAt: '2030-05-04T10:00:00.000Z',
  window: '48h' as const,
  userIds: ['u1', 'u2'],
};

describe('reminder decider', () => {
  it('given nothing sent, when SendReminder, then ReminderSent with exactly those people', () => {
    given(reminderDecider, [])
      .when({ type: 'SendReminder', data })
      .then([{ type: 'ReminderSent', data }]);
  });

  it('given the window sent, when SendReminder again (a restart, a second process), then nothing', () => {
    given(reminderDecider, [{ type: 'ReminderSent', data }])
      .when({ type: 'SendReminder', data: { ...data, userIds: ['u3'] } })
      .then([]);
  });
});

describe('reminderWindowAt', () => {
  const start = new Date('2030-05-04T10:00:00Z');
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3600_000);
  it('opens the 48 h window at 48 h and the 24 h window at 24 h before the start', () => {
    expect(reminderWindowAt('48h+24h', start, hoursBefore(49))).toBeNull();
    expect(reminderWindowAt('48h+24h', start, hoursBefore(48))).toBe('48h');
    expect(reminderWindowAt('48h+24h', start, hoursBefore(25))).toBe('48h');
    expect(reminderWindowAt('48h+24h', start, hoursBefore(24))).toBe('24h');
    expect(reminderWindowAt('48h+24h', start, hoursBefore(0.1))).toBe('24h');
    expect(reminderWindowAt('48h+24h', start, start)).toBeNull();
  });
  it('with 24h only, nothing at 30 h; with off, nothing at all', () => {
    expect(reminderWindowAt('24h', start, hoursBefore(30))).toBeNull();
    expect(reminderWindowAt('24h', start, hoursBefore(10))).toBe('24h');
    expect(reminderWindowAt('off', start, hoursBefore(10))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { emptyTeamEventForm, teamEventInput, teamEventProblem, todayInputValue } from '../lib/team-event-form.ts';

const base = { ...emptyTeamEventForm, title: 'Practice', date: '2099-06-02', time: '17:30' };

describe('the team page’s event form (spec part 2 §5)', () => {
  it.each([
    ['no title', { title: '  ' }, 'Please fill in required fields'],
    ['no date', { date: '' }, 'Please fill in required fields'],
    ['no time', { time: '' }, 'Please fill in required fields'],
    [
      'weekly without days',
      { isRecurring: true, recurringType: 'weekly' as const },
      'Please select days for weekly recurring events',
    ],
    [
      'end by date without one',
      { isRecurring: true, recurringType: 'daily' as const, endType: 'date' as const },
      'Please specify an end date for recurring events',
    ],
    [
      'a count of 0',
      { isRecurring: true, recurringType: 'daily' as const, recurringEndCount: '0' },
      'Please specify the number of occurrences',
    ],
    [
      'a count of 53',
      { isRecurring: true, recurringType: 'daily' as const, recurringEndCount: '53' },
      'Please specify the number of occurrences',
    ],
    [
      'a count that is no number',
      { isRecurring: true, recurringType: 'monthly' as const, recurringEndCount: '2.5' },
      'Please specify the number of occurrences',
    ],
  ])('refuses %s', (_case, change, title) => {
    expect(teamEventProblem({ ...base, ...change })?.title).toBe(title);
  });

  it('accepts a one-off, and a series with days and 1 to 52 occurrences (default 10)', () => {
    expect(emptyTeamEventForm.recurringEndCount).toBe('10');
    expect(teamEventProblem(base)).toBeNull();
    expect(teamEventProblem({ ...base, isRecurring: true, recurringDays: ['2'], recurringEndCount: '52' })).toBeNull();
    // Days matter only for weekly series.
    expect(teamEventProblem({ ...base, isRecurring: true, recurringType: 'daily' })).toBeNull();
  });

  it('sends weekdays given as "0"–"6" (Sun–Sat) with an interval of 1', () => {
    const input = teamEventInput({ ...base, isRecurring: true, recurringDays: ['2', '4'], recurringEndCount: '12' });
    expect(input).toMatchObject({
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringEndCount: 12,
    });
    // Tuesday and Thursday evenings, shifted to UTC as the server evaluates them.
    expect(input.recurringDays).toHaveLength(2);
    expect(input.date).toBe(new Date('2099-06-02T17:30').toISOString());
  });

  it('starts date inputs today, in local time', () => {
    expect(todayInputValue(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

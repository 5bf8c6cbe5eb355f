import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { calendarDecider } from './decider.ts';
import type { CalendarDomainEvent } from './events.ts';
import { createEventInputSchema, rsvpInputSchema, type Recurrence } from './schemas.ts';

const weekly: Recurrence = { type: 'weekly', interval: 1, days: ['tuesday', 'thursday'], endDate: null, endCount: 4 };
// 2026-03-03 is a Tuesday.
const schedule = (recurrence: Recurrence | null = weekly, startsAt = '2026-03-03T17:00:00.000Z', timeZone = 'UTC') => ({
  type: 'ScheduleEvent' as const,
  data: {
    eventId: 'e1',
    teamId: 't1',
    title: 'Practice',
    description: '',
    location: 'Field 2',
    startsAt,
    recurrence,
    timeZone,
    createdBy: 'c1',
  },
});
const scheduled: CalendarDomainEvent = {
  type: 'EventScheduled',
  data: {
    eventId: 'e1',
    teamId: 't1',
    title: 'Practice',
    description: '',
    location: 'Field 2',
    startsAt: '2026-03-03T17:00:00.000Z',
    recurrence: weekly,
    timeZone: 'UTC',
    createdBy: 'c1',
  },
};
const rsvp = (occurrenceDate: string, status: 'yes' | 'maybe' | 'no' = 'yes', userId = 'p1') => ({
  type: 'RecordRsvp' as const,
  data: { eventId: 'e1', occurrenceDate, userId, status },
});
const recorded = (
  occurrenceDate: string,
  status: 'yes' | 'maybe' | 'no' = 'yes',
  userId = 'p1',
): CalendarDomainEvent => ({
  type: 'RsvpRecorded',
  data: { eventId: 'e1', teamId: 't1', occurrenceDate, userId, status },
});
const cancel = () => ({
  type: 'CancelEvent' as const,
  data: { eventId: 'e1', teamId: 't1', by: 'c1' },
});

describe('calendar decider', () => {
  it('given nothing, when a manager schedules a weekly series, then it is scheduled', () => {
    given(calendarDecider).when(schedule()).then([scheduled]);
  });

  it('moves the start of a weekly series to its first chosen weekday (a Monday start, Tue/Thu days)', () => {
    given(calendarDecider).when(schedule(weekly, '2026-03-02T17:00:00.000Z')).then([scheduled]);
  });

  it('refuses a series whose end is before its first occurrence', () => {
    const r: Recurrence = { ...weekly, endCount: null, endDate: '2026-03-02T23:59:59.999Z' };
    given(calendarDecider).when(schedule(r, '2026-03-02T17:00:00.000Z')).thenRefuses('NO_OCCURRENCES');
  });

  it('given a series, when a member RSVPs to its 2nd occurrence, then it is recorded there', () => {
    given(calendarDecider, [scheduled])
      .when(rsvp('2026-03-05T17:00:00Z'))
      .then([recorded('2026-03-05T17:00:00.000Z')]);
  });

  it('refuses an RSVP to a date the series does not hit, or past its count', () => {
    given(calendarDecider, [scheduled]).when(rsvp('2026-03-04T17:00:00.000Z')).thenRefuses('OCCURRENCE_NOT_FOUND');
    // 4 occurrences: 3, 5, 10, 12 March.
    given(calendarDecider, [scheduled])
      .when(rsvp('2026-03-12T17:00:00.000Z'))
      .then([recorded('2026-03-12T17:00:00.000Z')]);
    given(calendarDecider, [scheduled]).when(rsvp('2026-03-17T17:00:00.000Z')).thenRefuses('OCCURRENCE_NOT_FOUND');
  });

  it('records nothing for the same status again, and a change of mind', () => {
    const first = recorded('2026-03-03T17:00:00.000Z');
    given(calendarDecider, [scheduled, first]).when(rsvp('2026-03-03T17:00:00.000Z')).then([]);
    given(calendarDecider, [scheduled, first])
      .when(rsvp('2026-03-03T17:00:00.000Z', 'no'))
      .then([recorded('2026-03-03T17:00:00.000Z', 'no')]);
  });

  it('refuses RSVPs to unknown or cancelled events', () => {
    given(calendarDecider).when(rsvp('2026-03-03T17:00:00.000Z')).thenRefuses('EVENT_NOT_FOUND');
    const cancelled: CalendarDomainEvent = { type: 'EventCancelled', data: { eventId: 'e1', teamId: 't1', by: 'c1' } };
    given(calendarDecider, [scheduled, cancelled])
      .when(rsvp('2026-03-03T17:00:00.000Z'))
      .thenRefuses('EVENT_NOT_FOUND');
  });

  it('given an event recorded before events carried a zone, RSVPs follow its UTC occurrences', () => {
    // Such an event is the decider's output without the timeZone field.
    const { timeZone: _dropped, ...legacyData } = scheduled.data as typeof scheduled.data & { timeZone?: string };
    const legacy = { type: 'EventScheduled' as const, data: legacyData };
    given(calendarDecider, [legacy])
      .when(rsvp('2026-03-05T17:00:00.000Z'))
      .then([recorded('2026-03-05T17:00:00.000Z')]);
    given(calendarDecider, [legacy]).when(rsvp('2026-03-05T18:00:00.000Z')).thenRefuses('OCCURRENCE_NOT_FOUND');
  });

  it('given a New York series, RSVPs follow its local 18:00 across the daylight-saving change', () => {
    const never: Recurrence = { type: 'weekly', interval: 1, days: ['tuesday'], endDate: null, endCount: null };
    const [ny] = calendarDecider.decide(
      schedule(never, '2026-03-03T23:00:00.000Z', 'America/New_York'),
      calendarDecider.initialState,
    );
    expect(ny!.data).toMatchObject({ startsAt: '2026-03-03T23:00:00.000Z', timeZone: 'America/New_York' });
    // 10 March is after the change: 18:00 EDT is 22:00Z, and 23:00Z is 19:00 there.
    given(calendarDecider, [ny!])
      .when(rsvp('2026-03-10T22:00:00.000Z'))
      .then([recorded('2026-03-10T22:00:00.000Z')]);
    given(calendarDecider, [ny!]).when(rsvp('2026-03-10T23:00:00.000Z')).thenRefuses('OCCURRENCE_NOT_FOUND');
    // A series without an end takes RSVPs years ahead (18:00 EST on Tuesday 7 December 2027 is 23:00Z).
    given(calendarDecider, [ny!])
      .when(rsvp('2027-12-07T23:00:00.000Z'))
      .then([recorded('2027-12-07T23:00:00.000Z')]);
  });

  it('refuses a time zone that is not an IANA name', () => {
    given(calendarDecider)
      .when(schedule(weekly, '2026-03-03T17:00:00.000Z', 'Mars/Olympus_Mons'))
      .thenRefuses('INVALID_TIME_ZONE');
  });

  it('cancels an event; cancelling twice is a no-op', () => {
    const cancelled: CalendarDomainEvent = { type: 'EventCancelled', data: { eventId: 'e1', teamId: 't1', by: 'c1' } };
    given(calendarDecider, [scheduled]).when(cancel()).then([cancelled]);
    given(calendarDecider, [scheduled, cancelled]).when(cancel()).then([]);
    given(calendarDecider).when(cancel()).thenRefuses('EVENT_NOT_FOUND');
  });
});

describe('create-event input', () => {
  it('trims, defaults, and normalises both weekday forms to names', () => {
    const parsed = createEventInputSchema.parse({
      title: '  Practice ',
      date: '2026-03-03T17:00:00Z',
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringDays: ['4', 'tuesday', 2],
      recurringEndDate: null,
      recurringEndCount: 5,
    });
    expect(parsed).toEqual({
      title: 'Practice',
      description: '',
      location: '',
      date: '2026-03-03T17:00:00.000Z',
      timeZone: null,
      recurrence: { type: 'weekly', interval: 1, days: ['tuesday', 'thursday'], endDate: null, endCount: 5 },
      rsvpDeadlineHours: null,
    });
  });

  it('takes an IANA time zone (canonical name), reads a plain end date as the end of that day there', () => {
    const parsed = createEventInputSchema.parse({
      title: 'Practice',
      date: '2026-03-03T23:00:00Z',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: ['tuesday'],
      recurringEndDate: '2026-06-02',
      timeZone: 'america/new_york',
    });
    expect(parsed.timeZone).toBe('America/New_York');
    // Tuesday 2 June 18:00 EDT (22:00Z) is in; the day ends at 04:00Z on 3 June.
    expect(parsed.recurrence?.endDate).toBe('2026-06-03T03:59:59.999Z');
    const bad = createEventInputSchema.safeParse({ title: 'x', date: '2026-03-03T17:00:00Z', timeZone: '+05:00' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['timeZone']);
  });

  it('refuses a blank title, a bad interval or count, weekly without days, and unknown weekdays', () => {
    const base = { title: 'x', date: '2026-03-03T17:00:00Z', isRecurring: true, recurringType: 'weekly' };
    expect(createEventInputSchema.safeParse({ ...base, title: '   ', recurringDays: ['1'] }).success).toBe(false);
    expect(createEventInputSchema.safeParse({ ...base, recurringDays: [], recurringInterval: 1 }).success).toBe(false);
    expect(createEventInputSchema.safeParse({ ...base, recurringDays: ['1'], recurringInterval: 53 }).success).toBe(
      false,
    );
    expect(createEventInputSchema.safeParse({ ...base, recurringDays: ['1'], recurringEndCount: 101 }).success).toBe(
      false,
    );
    expect(createEventInputSchema.safeParse({ ...base, recurringDays: ['7'] }).success).toBe(false);
    expect(createEventInputSchema.safeParse({ ...base, recurringDays: ['funday'] }).success).toBe(false);
    expect(createEventInputSchema.safeParse({ title: 'x', date: 'tomorrow' }).success).toBe(false);
  });

  it('treats never as both ends null, and a non-recurring event has no recurrence', () => {
    const never = createEventInputSchema.parse({
      title: 'x',
      date: '2026-03-03T17:00:00Z',
      isRecurring: true,
      recurringType: 'daily',
      recurringDays: ['1'],
      recurringEndDate: null,
      recurringEndCount: null,
    });
    expect(never.recurrence).toEqual({ type: 'daily', interval: 1, days: [], endDate: null, endCount: null });
    expect(
      createEventInputSchema.parse({ title: 'x', date: '2026-03-03T17:00:00Z', isRecurring: false }).recurrence,
    ).toBeNull();
  });

  it('accepts an RSVP with or without an occurrence date', () => {
    expect(rsvpInputSchema.parse({ status: 'maybe' })).toEqual({ status: 'maybe' });
    expect(rsvpInputSchema.safeParse({ status: 'going' }).success).toBe(false);
  });
});

describe('answer deadline', () => {
  const scheduled = {
    type: 'EventScheduled' as const,
    data: {
      eventId: 'e1',
      teamId: 't1',
      title: 'Cup',
      description: '',
      location: '',
      startsAt: '2026-06-10T10:00:00.000Z',
      recurrence: null,
      timeZone: 'UTC',
      createdBy: 'coach',
    },
  };
  const deadline = { type: 'RsvpDeadlineSet' as const, data: { eventId: 'e1', teamId: 't1', hours: 24, by: 'coach' } };
  const rsvp = (now: string, canManage = false) => ({
    type: 'RecordRsvp' as const,
    data: {
      eventId: 'e1',
      occurrenceDate: '2026-06-10T10:00:00.000Z',
      userId: 'u1',
      status: 'yes' as const,
      now,
      canManage,
    },
  });

  it('given a 24 h deadline, a member answering 23 h before the start is refused with RSVP_CLOSED', () => {
    given(calendarDecider, [scheduled, deadline]).when(rsvp('2026-06-09T11:00:00.000Z')).thenRefuses('RSVP_CLOSED');
  });

  it('given a 24 h deadline, a member answering 25 h before, or a manager after it, is recorded', () => {
    const recorded: CalendarDomainEvent[] = [
      {
        type: 'RsvpRecorded',
        data: { eventId: 'e1', teamId: 't1', occurrenceDate: '2026-06-10T10:00:00.000Z', userId: 'u1', status: 'yes' },
      },
    ];
    given(calendarDecider, [scheduled, deadline]).when(rsvp('2026-06-09T09:00:00.000Z')).then(recorded);
    given(calendarDecider, [scheduled, deadline]).when(rsvp('2026-06-10T09:00:00.000Z', true)).then(recorded);
  });

  it('setting the same deadline again records nothing', () => {
    const set = () => ({
      type: 'SetRsvpDeadline' as const,
      data: { eventId: 'e1', hours: 24, by: 'coach' },
    });
    given(calendarDecider, [scheduled, deadline]).when(set()).then([]);
  });
});

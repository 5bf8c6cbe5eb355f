import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { given } from '../shared/given-when-then.ts';
import type { ChangeEvent, RequestedChanges } from './commands.ts';
import { calendarDecider } from './decider.ts';
import type { CalendarDomainEvent, EventSeriesSplit } from './events.ts';
import { expandOccurrences } from './recurrence.ts';
import type { Recurrence } from './schemas.ts';

const ny = 'America/New_York';
/** Saturdays at 10:00 in New York from 28 February 2026; the clocks go forward on 8 March. */
const saturdays: Recurrence = { type: 'weekly', interval: 1, days: ['saturday'], endDate: null, endCount: null };
const scheduled = (recurrence: Recurrence | null = saturdays, startsAt = '2026-02-28T15:00:00.000Z') =>
  calendarDecider.decide(
    {
      type: 'ScheduleEvent',
      data: {
        eventId: 'e1',
        teamId: 't1',
        title: 'Game',
        description: '',
        location: 'Field 1',
        startsAt,
        recurrence,
        timeZone: ny,
        createdBy: 'coach',
      },
    },
    calendarDecider.initialState,
  )[0]!;
const SAT_28_FEB = '2026-02-28T15:00:00.000Z'; // 10:00 EST
const SAT_7_MAR = '2026-03-07T15:00:00.000Z'; // 10:00 EST
const SAT_14_MAR = '2026-03-14T14:00:00.000Z'; // 10:00 EDT
const SAT_21_MAR = '2026-03-21T14:00:00.000Z';

const change = (
  scope: ChangeEvent['data']['scope'],
  occurrenceDate: string | null,
  changes: RequestedChanges,
  reason: string | null = null,
): ChangeEvent => ({
  type: 'ChangeEvent',
  data: {
    eventId: 'e1',
    teamId: 't1',
    by: 'coach',
    scope,
    occurrenceDate,
    changes,
    reason,
    newEventId: 'e2',
  },
});
const rsvp = (occurrenceDate: string, userId = 'pat', status: 'yes' | 'maybe' | 'no' = 'yes') => ({
  type: 'RecordRsvp' as const,
  data: { eventId: 'e1', occurrenceDate, userId, status },
});
const recorded = (
  occurrenceDate: string,
  userId = 'pat',
  status: 'yes' | 'maybe' | 'no' = 'yes',
): CalendarDomainEvent => ({
  type: 'RsvpRecorded',
  data: { eventId: 'e1', teamId: 't1', occurrenceDate, userId, status },
});
/** The events a command records on top of `history`. */
const after = (history: CalendarDomainEvent[], command: Parameters<typeof calendarDecider.decide>[0]) => [
  ...history,
  ...calendarDecider.decide(command, fold(calendarDecider, history)),
];

describe('changing one occurrence', () => {
  it("moves Saturday's game by an hour with a reason: who, what from → to, why", () => {
    given(calendarDecider, [scheduled()])
      .when(
        change('occurrence', SAT_14_MAR, { startsAt: '2026-03-14T11:00', location: 'Field 3' }, 'Field 1 is flooded'),
      )
      .then([
        {
          type: 'EventChanged',
          data: {
            eventId: 'e1',
            teamId: 't1',
            by: 'coach',
            scope: 'occurrence',
            occurrenceDate: SAT_14_MAR,
            changes: {
              location: { from: 'Field 1', to: 'Field 3' },
              startsAt: { from: SAT_14_MAR, to: '2026-03-14T15:00:00.000Z' },
            },
            reason: 'Field 1 is flooded',
          },
        },
      ]);
  });

  it('keeps answers with their occurrence; the same answer again after the move is recorded (a confirmation)', () => {
    const history = after(
      [scheduled(), recorded(SAT_14_MAR)],
      change('occurrence', SAT_14_MAR, { startsAt: '2026-03-14T11:00' }),
    );
    const state = fold(calendarDecider, history);
    expect(state.rsvps.get(`${SAT_14_MAR}|u:pat`)).toMatchObject({ status: 'yes' });
    given(calendarDecider, history)
      .when(rsvp(SAT_14_MAR))
      .then([recorded(SAT_14_MAR)]);
    // Confirmed: the same answer once more is nothing new.
    given(calendarDecider, [...history, recorded(SAT_14_MAR)])
      .when(rsvp(SAT_14_MAR))
      .then([]);
    // Another occurrence's answer was not given before any change.
    given(calendarDecider, [...history, recorded(SAT_21_MAR)])
      .when(rsvp(SAT_21_MAR))
      .then([]);
  });

  it('refuses a move onto another occurrence (409), a date that is no occurrence, a skipped local time (400)', () => {
    given(calendarDecider, [scheduled()])
      .when(change('occurrence', SAT_14_MAR, { startsAt: SAT_21_MAR }))
      .thenRefuses('OCCURRENCE_TAKEN');
    // Once that one has moved away, its old time is free.
    const moved = after([scheduled()], change('occurrence', SAT_21_MAR, { startsAt: '2026-03-21T12:00' }));
    expect(
      calendarDecider.decide(change('occurrence', SAT_14_MAR, { startsAt: SAT_21_MAR }), fold(calendarDecider, moved)),
    ).toHaveLength(1);
    given(calendarDecider, [scheduled()])
      .when(change('occurrence', '2026-03-15T14:00:00.000Z', { title: 'Cup game' }))
      .thenRefuses('NOT_AN_OCCURRENCE');
    given(calendarDecider, [scheduled()])
      .when(change('occurrence', SAT_7_MAR, { startsAt: '2026-03-08T02:30' }))
      .thenRefuses('INVALID_ZONE_TIME');
    given(calendarDecider)
      .when(change('occurrence', SAT_7_MAR, { title: 'x' }))
      .thenRefuses('EVENT_NOT_FOUND');
  });

  it('records nothing when nothing differs', () => {
    given(calendarDecider, [scheduled()])
      .when(change('occurrence', SAT_7_MAR, { title: 'Game', location: 'Field 1', startsAt: SAT_7_MAR }))
      .then([]);
  });
});

describe('changing the whole series', () => {
  it('moves a weekly series from 10:00 to 11:00 across the DST change: 11:00 local on both sides, answers follow', () => {
    const history = [scheduled(), recorded(SAT_7_MAR), recorded(SAT_14_MAR, 'sam', 'no')];
    const [changed] = calendarDecider.decide(
      change('series', SAT_7_MAR, { startsAt: '2026-03-07T11:00' }, 'Later kick-off'),
      fold(calendarDecider, history),
    );
    expect(changed).toEqual({
      type: 'EventChanged',
      data: {
        eventId: 'e1',
        teamId: 't1',
        by: 'coach',
        scope: 'series',
        occurrenceDate: SAT_7_MAR,
        changes: { startsAt: { from: SAT_7_MAR, to: '2026-03-07T16:00:00.000Z' } },
        reason: 'Later kick-off',
        seriesStartsAt: '2026-02-28T16:00:00.000Z',
        shiftMinutes: 60,
        recurrence: saturdays,
        moved: [
          { from: SAT_7_MAR, to: '2026-03-07T16:00:00.000Z' },
          { from: SAT_14_MAR, to: '2026-03-14T15:00:00.000Z' },
        ],
      },
    });
    const state = fold(calendarDecider, [...history, changed!]);
    const series = state.event!;
    // 11:00 EST is 16:00Z, 11:00 EDT is 15:00Z.
    expect(
      expandOccurrences(series.recurrence, new Date(series.startsAt), ny, { limit: 4 }).map((d) => d.toISOString()),
    ).toEqual([
      '2026-02-28T16:00:00.000Z',
      '2026-03-07T16:00:00.000Z',
      '2026-03-14T15:00:00.000Z',
      '2026-03-21T15:00:00.000Z',
    ]);
    expect(state.rsvps.get('2026-03-14T15:00:00.000Z|u:sam')).toMatchObject({ status: 'no' });
    // The old keys are gone; the moved answers count as given before the change.
    given(calendarDecider, [...history, changed!])
      .when(rsvp(SAT_14_MAR, 'sam', 'no'))
      .thenRefuses('OCCURRENCE_NOT_FOUND');
    given(calendarDecider, [...history, changed!])
      .when(rsvp('2026-03-14T15:00:00.000Z', 'sam', 'no'))
      .then([recorded('2026-03-14T15:00:00.000Z', 'sam', 'no')]);
  });

  it('moves weekdays with the days crossed, and a title change clears that field of single occurrences', () => {
    const history = after(
      [scheduled()],
      change('occurrence', SAT_14_MAR, { title: 'Derby', startsAt: '2026-03-14T12:00' }),
    );
    const [changed] = calendarDecider.decide(
      change('series', null, { startsAt: '2026-03-01T10:00', title: 'Sunday game' }),
      fold(calendarDecider, history),
    );
    expect(changed).toMatchObject({
      data: {
        scope: 'series',
        occurrenceDate: null,
        changes: { title: { from: 'Game', to: 'Sunday game' }, recurrence: { to: { days: ['sunday'] } } },
        seriesStartsAt: '2026-03-01T15:00:00.000Z',
        shiftMinutes: 1440,
        moved: [{ from: SAT_14_MAR, to: '2026-03-15T14:00:00.000Z' }],
      },
    });
    const state = fold(calendarDecider, [...history, changed!]);
    // The series' new time and title apply to it too: its own ones give way (its key moved a day on).
    expect(state.overrides.get('2026-03-15T14:00:00.000Z')).toMatchObject({
      title: null,
      startsAt: null,
    });
  });

  it('a one-off event changes as a whole, whatever the scope; its answers move with it', () => {
    const oneOff = scheduled(null, '2026-03-14T14:00:00.000Z');
    const [moved] = calendarDecider.decide(
      change('occurrence', SAT_14_MAR, { startsAt: '2026-03-14T15:00:00Z' }),
      fold(calendarDecider, [oneOff, recorded(SAT_14_MAR)]),
    );
    expect(moved).toMatchObject({
      type: 'EventChanged',
      data: {
        scope: 'series',
        seriesStartsAt: '2026-03-14T15:00:00.000Z',
        moved: [{ from: SAT_14_MAR, to: '2026-03-14T15:00:00.000Z' }],
      },
    });
    const state = fold(calendarDecider, [oneOff, recorded(SAT_14_MAR), moved!]);
    expect([...state.rsvps.keys()]).toEqual(['2026-03-14T15:00:00.000Z|u:pat']);
  });

  it('refuses a repetition that never happens, naming the field', () => {
    given(calendarDecider, [scheduled()])
      .when(
        change('series', null, {
          recurrence: { type: 'weekly', interval: 1, days: ['monday'], endDate: '2026-02-01', endCount: null },
        }),
      )
      .thenRefuses('NO_OCCURRENCES');
  });
});

describe('this and following events: the series splits', () => {
  const counted: Recurrence = { type: 'weekly', interval: 1, days: ['saturday'], endDate: null, endCount: 6 };
  const history = [
    scheduled(counted),
    recorded(SAT_7_MAR),
    recorded(SAT_14_MAR),
    {
      type: 'RsvpRecorded',
      data: {
        eventId: 'e1',
        teamId: 't1',
        occurrenceDate: SAT_21_MAR,
        userId: 'pat',
        status: 'maybe',
        playerId: 'kid',
      },
    },
  ] as CalendarDomainEvent[];
  const splitAt14 = change('following', SAT_14_MAR, { location: 'Field 3', startsAt: '2026-03-14T09:00' }, 'New field');

  it('ends the series before the split and begins a new one there with the change and the answers', () => {
    const [split] = calendarDecider.decide(splitAt14, fold(calendarDecider, history)) as [EventSeriesSplit];
    expect(split.type).toBe('EventSeriesSplit');
    expect(split.data).toMatchObject({
      eventId: 'e1',
      occurrenceDate: SAT_14_MAR,
      newEventId: 'e2',
      reason: 'New field',
      changes: {
        location: { from: 'Field 1', to: 'Field 3' },
        startsAt: { from: SAT_14_MAR, to: '2026-03-14T13:00:00.000Z' },
      },
      recurrence: { ...counted, endDate: '2026-03-14T13:59:59.999Z', endCount: null },
      shiftMinutes: -60,
      moved: [
        { from: SAT_14_MAR, to: '2026-03-14T13:00:00.000Z' },
        { from: SAT_21_MAR, to: '2026-03-21T13:00:00.000Z' },
      ],
    });
    // Two occurrences before the split, four after (of six).
    expect(split.data.continuation).toEqual({
      eventId: 'e2',
      teamId: 't1',
      title: 'Game',
      description: '',
      location: 'Field 3',
      startsAt: '2026-03-14T13:00:00.000Z',
      recurrence: { ...counted, endCount: 4 },
      timeZone: ny,
      createdBy: 'coach',
      by: 'coach',
      splitFrom: { eventId: 'e1', occurrenceDate: SAT_14_MAR },
      overrides: [],
      answers: [
        {
          occurrenceDate: '2026-03-14T13:00:00.000Z',
          userId: 'pat',
          playerId: null,
          status: 'yes',
          beforeChange: true,
        },
        {
          occurrenceDate: '2026-03-21T13:00:00.000Z',
          userId: 'pat',
          playerId: 'kid',
          status: 'maybe',
          beforeChange: true,
        },
      ],
    });

    const old = fold(calendarDecider, [...history, split]);
    expect(
      expandOccurrences(old.event!.recurrence, new Date(old.event!.startsAt), ny).map((d) => d.toISOString()),
    ).toEqual([SAT_28_FEB, SAT_7_MAR]);
    expect([...old.rsvps.keys()]).toEqual([`${SAT_7_MAR}|u:pat`]);
    // Answering the old series from the split on is answering an occurrence it no longer has.
    given(calendarDecider, [...history, split])
      .when(rsvp(SAT_14_MAR))
      .thenRefuses('OCCURRENCE_NOT_FOUND');
    // The same split again records nothing (the caller completes the new series from it).
    given(calendarDecider, [...history, split])
      .when(splitAt14)
      .then([]);

    // The new series' stream begins with the continuation, once.
    given(calendarDecider)
      .when({ type: 'ContinueSeries', data: split.data.continuation })
      .then([{ type: 'EventSeriesContinued', data: split.data.continuation }]);
    const continued: CalendarDomainEvent = { type: 'EventSeriesContinued', data: split.data.continuation };
    given(calendarDecider, [continued]).when({ type: 'ContinueSeries', data: split.data.continuation }).then([]);
    const fresh = fold(calendarDecider, [continued]);
    expect(
      expandOccurrences(fresh.event!.recurrence, new Date(fresh.event!.startsAt), ny).map((d) => d.toISOString()),
    ).toEqual([
      '2026-03-14T13:00:00.000Z',
      '2026-03-21T13:00:00.000Z',
      '2026-03-28T13:00:00.000Z',
      '2026-04-04T13:00:00.000Z',
    ]);
    // A carried answer given before the change is confirmed by answering it again.
    const answerNew = {
      type: 'RecordRsvp' as const,
      data: { ...rsvp('2026-03-14T13:00:00.000Z').data, eventId: 'e2' },
    };
    given(calendarDecider, [continued])
      .when(answerNew)
      .then([
        {
          type: 'RsvpRecorded',
          data: {
            eventId: 'e2',
            teamId: 't1',
            occurrenceDate: '2026-03-14T13:00:00.000Z',
            userId: 'pat',
            status: 'yes',
          },
        },
      ]);
  });

  it('from the first occurrence, "following" is the whole series', () => {
    const [changed] = calendarDecider.decide(
      change('following', SAT_28_FEB, { title: 'Match' }),
      fold(calendarDecider, history),
    );
    expect(changed).toMatchObject({
      type: 'EventChanged',
      data: { scope: 'series', changes: { title: { to: 'Match' } } },
    });
  });
});

describe('cancelling and restoring one occurrence', () => {
  const cancel = (occurrenceDate: string) => ({
    type: 'CancelOccurrence' as const,
    data: { eventId: 'e1', teamId: 't1', occurrenceDate, by: 'coach', reason: 'Rained out' },
  });
  const restore = (occurrenceDate: string) => ({
    type: 'RestoreOccurrence' as const,
    data: { eventId: 'e1', teamId: 't1', occurrenceDate, by: 'coach' },
  });
  const cancelled: CalendarDomainEvent = {
    type: 'OccurrenceCancelled',
    data: { eventId: 'e1', teamId: 't1', occurrenceDate: SAT_14_MAR, by: 'coach', reason: 'Rained out' },
  };
  const restored: CalendarDomainEvent = {
    type: 'OccurrenceRestored',
    data: { eventId: 'e1', teamId: 't1', occurrenceDate: SAT_14_MAR, by: 'coach' },
  };

  it('cancels with a reason, refuses answers meanwhile, and restores it with its answers', () => {
    given(calendarDecider, [scheduled(), recorded(SAT_14_MAR)])
      .when(cancel('2026-03-14T14:00:00Z'))
      .then([cancelled]);
    given(calendarDecider, [scheduled(), cancelled]).when(cancel(SAT_14_MAR)).then([]);
    given(calendarDecider, [scheduled(), cancelled]).when(rsvp(SAT_14_MAR)).thenRefuses('OCCURRENCE_CANCELLED');
    given(calendarDecider, [scheduled(), cancelled]).when(restore(SAT_14_MAR)).then([restored]);
    const back = fold(calendarDecider, [scheduled(), recorded(SAT_14_MAR), cancelled, restored]);
    expect(back.overrides.get(SAT_14_MAR)?.cancelled).toBe(false);
    // Cancelling and restoring changed neither time nor place: the answer still stands.
    given(calendarDecider, [scheduled(), recorded(SAT_14_MAR), cancelled, restored])
      .when(rsvp(SAT_14_MAR))
      .then([]);
  });

  it('refuses restoring one that is not cancelled (409) and unknown occurrences (404)', () => {
    given(calendarDecider, [scheduled()]).when(restore(SAT_14_MAR)).thenRefuses('OCCURRENCE_NOT_CANCELLED');
    given(calendarDecider, [scheduled(), cancelled, restored])
      .when(restore(SAT_14_MAR))
      .thenRefuses('OCCURRENCE_NOT_CANCELLED');
    given(calendarDecider, [scheduled()]).when(cancel('2026-03-15T14:00:00.000Z')).thenRefuses('OCCURRENCE_NOT_FOUND');
  });
});

describe('answers per child', () => {
  const forPlayer = (userId: string, access: 'guardian' | 'account' | 'manager' | 'none', playerId = 'jordan') => ({
    type: 'RecordRsvp' as const,
    data: { eventId: 'e1', occurrenceDate: SAT_7_MAR, userId, status: 'yes' as const, player: { playerId, access } },
  });
  const playerAnswer = (userId: string, playerId = 'jordan'): CalendarDomainEvent => ({
    type: 'RsvpRecorded',
    data: { eventId: 'e1', teamId: 't1', occurrenceDate: SAT_7_MAR, userId, status: 'yes', playerId },
  });

  it('records the answer for the player, given by a guardian, the player or a manager', () => {
    given(calendarDecider, [scheduled()])
      .when(forPlayer('pat', 'guardian'))
      .then([playerAnswer('pat')]);
    given(calendarDecider, [scheduled()])
      .when(forPlayer('jordan-account', 'account'))
      .then([playerAnswer('jordan-account')]);
    given(calendarDecider, [scheduled()])
      .when(forPlayer('coach', 'manager'))
      .then([playerAnswer('coach')]);
  });

  it("refuses a stranger's answer for a player (403)", () => {
    given(calendarDecider, [scheduled()]).when(forPlayer('someone', 'none')).thenRefuses('PLAYER_ANSWER_NOT_ALLOWED');
  });

  it('keeps one answer per child and one for the parent themself; the same answer by another guardian is nothing new', () => {
    const history = [scheduled(), playerAnswer('pat'), recorded(SAT_7_MAR, 'pat', 'no')];
    given(calendarDecider, history)
      .when(forPlayer('pat', 'guardian', 'sam'))
      .then([playerAnswer('pat', 'sam')]);
    given(calendarDecider, history).when(forPlayer('other-guardian', 'guardian')).then([]);
    const state = fold(calendarDecider, history);
    expect([...state.rsvps.keys()].sort()).toEqual([`${SAT_7_MAR}|p:jordan`, `${SAT_7_MAR}|u:pat`]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { given } from '../shared/given-when-then.ts';
import { boxScoreOf } from './box-score.ts';
import type { MatchCommand } from './commands.ts';
import { matchDecider, type MatchState } from './decider.ts';
import type { MatchEvent } from './events.ts';
import { scheduleMatchInputSchema, recordStatInputSchema } from './schemas.ts';

const T0 = '2026-05-02T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const teamIds: [string, string] = ['ta', 'tb'];
const sent = (minutes = 0) => ({ matchId: 'm1', by: 'coach', at: at(minutes) });

// Commands --------------------------------------------------------------------------------------

const schedule = (overrides: Partial<Extract<MatchCommand, { type: 'ScheduleMatch' }>['data']> = {}): MatchCommand => ({
  type: 'ScheduleMatch',
  data: {
    ...sent(-60),
    seasonId: 's1',
    orgId: 'o1',
    sportId: 'soccer',
    teamAId: 'ta',
    teamBId: 'tb',
    startTime: T0,
    location: 'Field 1',
    format: null,
    ...overrides,
  },
});
const start = (minutes = 0): MatchCommand => ({ type: 'StartMatch', data: sent(minutes) });
const complete = (minutes = 90): MatchCommand => ({ type: 'CompleteMatch', data: sent(minutes) });
const cancel = (minutes = 0): MatchCommand => ({ type: 'CancelMatch', data: sent(minutes) });
const add = (
  participantId: string,
  teamId = 'ta',
  options: {
    userId?: string | null;
    playerId?: string | null;
    positionId?: string | null;
    isStarter?: boolean;
    minutes?: number;
  } = {},
): MatchCommand => ({
  type: 'AddParticipant',
  data: {
    ...sent(options.minutes ?? -30),
    participantId,
    userId: options.userId === undefined ? `u-${participantId}` : options.userId,
    playerId: options.playerId ?? null,
    name: `Player ${participantId}`,
    teamId,
    positionId: options.positionId === undefined ? 'striker' : options.positionId,
    isStarter: options.isStarter ?? true,
  },
});
const remove = (participantId: string): MatchCommand => ({
  type: 'RemoveParticipant',
  data: { ...sent(), participantId },
});
const substitute = (out: string, into: string, when: number, now = when): MatchCommand => ({
  type: 'Substitute',
  data: { ...sent(now), outParticipantId: out, inParticipantId: into, when: at(when) },
});
const record = (statId: string, participantId: string, statType = 'goals', value = 1, minutes = 10): MatchCommand => ({
  type: 'RecordStat',
  data: { ...sent(minutes), statId, participantId, statType, value, context: null },
});
const amend = (statId: string, value: number, reason = 'Scorer misread', minutes = 20): MatchCommand => ({
  type: 'AmendStat',
  data: { ...sent(minutes), statId, value, context: null, reason },
});
const retract = (statId: string, reason = 'Offside', minutes = 20): MatchCommand => ({
  type: 'RetractStat',
  data: { ...sent(minutes), statId, reason },
});

// Events, as the decider emits them -------------------------------------------------------------

/** Runs commands through the decider from nothing, returning every event (the real history). */
function history(...commands: MatchCommand[]): MatchEvent[] {
  const events: MatchEvent[] = [];
  let state: MatchState = matchDecider.initialState;
  for (const command of commands) {
    const emitted = matchDecider.decide(command, state);
    for (const e of emitted) state = matchDecider.evolve(state, e);
    events.push(...emitted);
  }
  return events;
}

const scheduled: MatchEvent = {
  type: 'MatchScheduled',
  data: {
    matchId: 'm1',
    teamIds,
    seasonId: 's1',
    orgId: 'o1',
    sportId: 'soccer',
    teamAId: 'ta',
    teamBId: 'tb',
    opponentName: null,
    startTime: T0,
    location: 'Field 1',
    format: null,
    by: 'coach',
  },
};
const lineup = [add('a1'), add('a2', 'ta', { isStarter: false, positionId: null }), add('b1', 'tb')];
const live = () => history(schedule(), ...lineup, start());

const stateOf = (events: MatchEvent[]) => fold(matchDecider, events);

describe('match decider: lifecycle', () => {
  it('given nothing, when a manager schedules a match, then it is scheduled', () => {
    given(matchDecider).when(schedule()).then([scheduled]);
  });

  it('records nothing for a retried schedule of the same match', () => {
    given(matchDecider, [scheduled]).when(schedule()).then([]);
  });

  it('refuses a match of a team against itself', () => {
    given(matchDecider)
      .when(schedule({ teamBId: 'ta' }))
      .thenRefuses('SAME_TEAM');
  });

  it('given a scheduled match, when it starts, then it is in progress from that moment', () => {
    given(matchDecider, [scheduled])
      .when(start(2))
      .then([{ type: 'MatchStarted', data: { matchId: 'm1', teamIds, at: at(2), by: 'coach' } }]);
  });

  it('refuses commands on a match that does not exist', () => {
    given(matchDecider).when(start()).thenRefuses('MATCH_NOT_FOUND');
  });

  it('refuses an illegal transition with 409 ILLEGAL_TRANSITION and the current status', () => {
    given(matchDecider, [scheduled]).when(complete()).thenRefuses('ILLEGAL_TRANSITION');
    const done = history(schedule(), start(), complete());
    given(matchDecider, done).when(start()).thenRefuses('ILLEGAL_TRANSITION');
    given(matchDecider, done).when(cancel()).thenRefuses('ILLEGAL_TRANSITION');
    const cancelled = history(schedule(), cancel());
    given(matchDecider, cancelled).when(start()).thenRefuses('ILLEGAL_TRANSITION');
    try {
      matchDecider.decide(start(), stateOf(cancelled));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('conflict');
      expect((error as DomainError).details).toEqual({ status: 'cancelled' });
    }
  });

  it('cancels a scheduled or a running match', () => {
    given(matchDecider, [scheduled])
      .when(cancel(-5))
      .then([{ type: 'MatchCancelled', data: { matchId: 'm1', teamIds, at: at(-5), by: 'coach' } }]);
    expect(history(schedule(), start(), cancel(30)).at(-1)?.type).toBe('MatchCancelled');
  });

  it('given a scheduled or running match, when one of its teams is deleted, then the deletion cancels it; anything else stays as it is', () => {
    const teamGone = (teamId = 'tb', minutes = 0): MatchCommand => ({
      type: 'CancelMatchOfDeletedTeam',
      data: { matchId: 'm1', teamId, by: 'admin', at: at(minutes) },
    });
    const byDeletion = (minutes: number, teamId = 'tb'): MatchEvent => ({
      type: 'MatchCancelled',
      data: { matchId: 'm1', teamIds, at: at(minutes), by: 'admin', reason: 'team_deleted', deletedTeamId: teamId },
    });
    given(matchDecider, [scheduled])
      .when(teamGone('tb', -5))
      .then([byDeletion(-5)]);
    given(matchDecider, [scheduled])
      .when(teamGone('ta', -5))
      .then([byDeletion(-5, 'ta')]);
    given(matchDecider, history(schedule(), ...lineup, start(), record('g1', 'a1')))
      .when(teamGone('tb', 30))
      .then([byDeletion(30)]);
    // Run again, or after the match ended either way: nothing (a completed result is history).
    given(matchDecider, [scheduled, byDeletion(-5)])
      .when(teamGone())
      .then([]);
    given(matchDecider, history(schedule(), cancel())).when(teamGone()).then([]);
    given(matchDecider, history(schedule(), start(), complete()))
      .when(teamGone())
      .then([]);
    // Not a team of this match, or no such match: nothing.
    given(matchDecider, [scheduled]).when(teamGone('tc')).then([]);
    given(matchDecider).when(teamGone()).then([]);
  });

  it('given goals on both sides, when the match completes, then the final score and the winner come from the stats', () => {
    const events = history(
      ...[schedule(), ...lineup, start()],
      record('s1', 'a1'),
      record('s2', 'a1'),
      record('s3', 'b1'),
    );
    given(matchDecider, events)
      .when(complete(90))
      .then([
        {
          type: 'MatchCompleted',
          data: {
            matchId: 'm1',
            teamIds,
            at: at(90),
            scoreA: 2,
            scoreB: 1,
            winnerId: 'ta',
            winnerSide: 'teamA',
            by: 'coach',
          },
        },
      ]);
  });

  it('completes a draw without a winner, and golf with the fewest strokes winning', () => {
    given(matchDecider, live())
      .when(complete(90))
      .then([
        {
          type: 'MatchCompleted',
          data: {
            matchId: 'm1',
            teamIds,
            at: at(90),
            scoreA: 0,
            scoreB: 0,
            winnerId: null,
            winnerSide: null,
            by: 'coach',
          },
        },
      ]);
    const golf = history(
      schedule({ sportId: 'golf' }),
      add('a1', 'ta', { positionId: 'golfer' }),
      add('b1', 'tb', { positionId: 'golfer' }),
      start(),
      record('s1', 'a1', 'strokes', 74),
      record('s2', 'b1', 'strokes', 71),
      complete(),
    );
    expect(golf.at(-1)?.data).toMatchObject({ scoreA: 74, scoreB: 71, winnerId: 'tb' });
  });

  it('scores each sport by its own rule: touchdowns are six points, volleyball counts kills, aces and blocks', () => {
    const football = history(
      schedule({ sportId: 'football' }),
      add('a1', 'ta', { positionId: 'quarterback' }),
      start(),
      record('s1', 'a1', 'touchdowns', 2),
      record('s2', 'a1', 'yards', 80),
      complete(),
    );
    expect(football.at(-1)?.data).toMatchObject({ scoreA: 12, scoreB: 0, winnerId: 'ta' });
    const volleyball = history(
      schedule({ sportId: 'volleyball' }),
      add('a1', 'ta', { positionId: 'setter' }),
      start(),
      record('s1', 'a1', 'kills', 10),
      record('s2', 'a1', 'aces', 3),
      record('s3', 'a1', 'digs', 7),
      complete(),
    );
    expect(volleyball.at(-1)?.data).toMatchObject({ scoreA: 13 });
  });
});

describe('match decider: lineup and substitutions', () => {
  it('adds a starter before kick-off with a position of the sport', () => {
    given(matchDecider, [scheduled])
      .when(add('a1'))
      .then([
        {
          type: 'ParticipantAdded',
          data: {
            matchId: 'm1',
            teamIds,
            participantId: 'a1',
            userId: 'u-a1',
            playerId: null,
            name: 'Player a1',
            teamId: 'ta',
            positionId: 'striker',
            isStarter: true,
            onField: true,
            by: 'coach',
          },
        },
      ]);
  });

  it('refuses a position of another sport, a team outside the match and the same player twice', () => {
    given(matchDecider, [scheduled])
      .when(add('a1', 'ta', { positionId: 'quarterback' }))
      .thenRefuses('UNKNOWN_POSITION');
    given(matchDecider, [scheduled]).when(add('a1', 'tc')).thenRefuses('TEAM_NOT_IN_MATCH');
    given(matchDecider, history(schedule(), add('a1')))
      .when(add('a9', 'ta', { userId: 'u-a1' }))
      .thenRefuses('ALREADY_IN_LINEUP');
    given(matchDecider, history(schedule(), add('a1')))
      .when(add('a1'))
      .then([]);
  });

  it('adds a roster player, with or without their own account; never nobody, never the same player twice', () => {
    const [roster] = matchDecider.decide(add('r1', 'ta', { userId: null, playerId: 'p1' }), stateOf([scheduled]));
    expect(roster).toMatchObject({ type: 'ParticipantAdded', data: { userId: null, playerId: 'p1' } });
    const [withAccount] = matchDecider.decide(add('r2', 'ta', { userId: 'u-7', playerId: 'p2' }), stateOf([scheduled]));
    expect(withAccount).toMatchObject({ data: { userId: 'u-7', playerId: 'p2' } });
    given(matchDecider, [scheduled])
      .when(add('r3', 'ta', { userId: null, playerId: null }))
      .thenRefuses('PLAYER_REQUIRED');
    given(matchDecider, history(schedule(), add('r1', 'ta', { userId: null, playerId: 'p1' })))
      .when(add('r4', 'ta', { userId: null, playerId: 'p1' }))
      .thenRefuses('ALREADY_IN_LINEUP');
    // The account already in the lineup by itself is the same player.
    given(matchDecider, history(schedule(), add('a1')))
      .when(add('r5', 'ta', { userId: 'u-a1', playerId: 'p5' }))
      .thenRefuses('ALREADY_IN_LINEUP');
  });

  it('puts someone added during play on the bench', () => {
    const [added] = matchDecider.decide(add('a3', 'ta', { minutes: 20 }), stateOf(live()));
    expect(added?.data).toMatchObject({ participantId: 'a3', isStarter: false, onField: false });
  });

  it('substitutes a bench player for one on the field, who takes over the position', () => {
    given(matchDecider, live())
      .when(substitute('a1', 'a2', 30, 31))
      .then([
        {
          type: 'Substituted',
          data: {
            matchId: 'm1',
            teamIds,
            teamId: 'ta',
            outParticipantId: 'a1',
            inParticipantId: 'a2',
            positionId: 'striker',
            at: at(30),
            by: 'coach',
          },
        },
      ]);
  });

  it('refuses substitutions that cannot happen', () => {
    given(matchDecider, history(schedule(), ...lineup))
      .when(substitute('a1', 'a2', 5))
      .thenRefuses('ILLEGAL_TRANSITION');
    given(matchDecider, live())
      .when(substitute('a2', 'a1', 5))
      .thenRefuses('NOT_ON_FIELD');
    given(matchDecider, live())
      .when(substitute('a1', 'b1', 5))
      .thenRefuses('DIFFERENT_TEAMS');
    given(matchDecider, live())
      .when(substitute('a1', 'zz', 5))
      .thenRefuses('PARTICIPANT_NOT_FOUND');
    // Before kick-off, in the future, or before the previous substitution.
    given(matchDecider, live())
      .when(substitute('a1', 'a2', -1, 5))
      .thenRefuses('SUBSTITUTION_TIME');
    given(matchDecider, live())
      .when(substitute('a1', 'a2', 40, 30))
      .thenRefuses('SUBSTITUTION_TIME');
    const subbed = [...live(), ...matchDecider.decide(substitute('a1', 'a2', 30), stateOf(live()))];
    given(matchDecider, subbed)
      .when(substitute('a2', 'a1', 20, 35))
      .thenRefuses('SUBSTITUTION_TIME');
    given(matchDecider, subbed)
      .when(substitute('a2', 'a1', 30, 35))
      .then(matchDecider.decide(substitute('a2', 'a1', 30, 35), stateOf(subbed)));
  });

  it('removes a player before kick-off, or a bench player who never played; never one with stats or minutes', () => {
    given(matchDecider, history(schedule(), ...lineup))
      .when(remove('a1'))
      .then([
        {
          type: 'ParticipantRemoved',
          data: { matchId: 'm1', teamIds, participantId: 'a1', teamId: 'ta', by: 'coach' },
        },
      ]);
    given(matchDecider, live()).when(remove('a1')).thenRefuses('PARTICIPANT_HAS_PLAYED');
    expect(matchDecider.decide(remove('a2'), stateOf(live()))).toHaveLength(1);
    given(matchDecider, history(schedule(), ...lineup, start(), record('s1', 'a2', 'cards')))
      .when(remove('a2'))
      .thenRefuses('PARTICIPANT_HAS_STATS');
    given(matchDecider, history(schedule(), ...lineup, remove('a1')))
      .when(remove('a1'))
      .then([]);
    given(matchDecider, history(schedule(), ...lineup, start(), complete()))
      .when(remove('a2'))
      .thenRefuses('ILLEGAL_TRANSITION');
  });
});

describe('match decider: statistics and corrections', () => {
  it('records a stat of a lineup player during play, with who it is about', () => {
    given(matchDecider, live())
      .when(record('s1', 'a1', 'goals', 1, 12))
      .then([
        {
          type: 'StatRecorded',
          data: {
            matchId: 'm1',
            teamIds,
            statId: 's1',
            participantId: 'a1',
            userId: 'u-a1',
            playerId: null,
            teamId: 'ta',
            side: 'teamA',
            statType: 'goals',
            value: 1,
            context: null,
            recordedAt: at(12),
            by: 'coach',
          },
        },
      ]);
  });

  it('refuses stats while scheduled or cancelled (409), and accepts them after completion', () => {
    given(matchDecider, history(schedule(), ...lineup))
      .when(record('s1', 'a1'))
      .thenRefuses('ILLEGAL_TRANSITION');
    given(matchDecider, history(schedule(), ...lineup, cancel()))
      .when(record('s1', 'a1'))
      .thenRefuses('ILLEGAL_TRANSITION');
    const done = history(schedule(), ...lineup, start(), complete());
    expect(matchDecider.decide(record('s1', 'a2', 'saves', 3, 95), stateOf(done)).map((e) => e.type)).toEqual([
      'StatRecorded',
    ]);
  });

  it('refuses a player outside the lineup, a stat type of another sport and a bad value', () => {
    given(matchDecider, live()).when(record('s1', 'zz')).thenRefuses('PARTICIPANT_NOT_FOUND');
    given(matchDecider, live())
      .when(record('s1', 'a1', 'touchdowns'))
      .thenRefuses('UNKNOWN_STAT_TYPE');
    given(matchDecider, live())
      .when(record('s1', 'a1', 'passes', -1))
      .thenRefuses('INVALID_VALUE');
    given(matchDecider, live())
      .when(record('s1', 'a1', 'passes', 1.005))
      .thenRefuses('INVALID_VALUE');
    expect(matchDecider.decide(record('s1', 'a1', 'passes', 12.25), stateOf(live()))).toHaveLength(1);
  });

  it('records nothing for a retried stat, even one retracted since', () => {
    const once = history(schedule(), ...lineup, start(), record('s1', 'a1'));
    given(matchDecider, once).when(record('s1', 'a1')).then([]);
    const retracted = history(schedule(), ...lineup, start(), record('s1', 'a1'), retract('s1'));
    given(matchDecider, retracted).when(record('s1', 'a1')).then([]);
  });

  it('amends a stat with a reason, keeping the recorded value in the history', () => {
    const events = history(schedule(), ...lineup, start(), record('s1', 'a1', 'goals', 2));
    given(matchDecider, events)
      .when(amend('s1', 1))
      .then([
        {
          type: 'StatAmended',
          data: {
            matchId: 'm1',
            teamIds,
            statId: 's1',
            participantId: 'a1',
            userId: 'u-a1',
            playerId: null,
            teamId: 'ta',
            side: 'teamA',
            statType: 'goals',
            previousValue: 2,
            value: 1,
            context: null,
            reason: 'Scorer misread',
            at: at(20),
            by: 'coach',
          },
        },
      ]);
    given(matchDecider, events)
      .when(amend('s1', 1, '   '))
      .thenRefuses('REASON_REQUIRED');
    given(matchDecider, events).when(amend('s1', 2)).then([]);
    given(matchDecider, events).when(amend('s9', 2)).thenRefuses('STAT_NOT_FOUND');
  });

  it('retracts a stat with a reason; retracting it again is a 409 that says so', () => {
    const events = history(schedule(), ...lineup, start(), record('s1', 'a1'));
    const [retracted] = matchDecider.decide(retract('s1'), stateOf(events));
    expect(retracted).toMatchObject({ type: 'StatRetracted', data: { statId: 's1', value: 1, reason: 'Offside' } });
    given(matchDecider, [...events, retracted!])
      .when(retract('s1'))
      .thenRefuses('STAT_ALREADY_RETRACTED');
    given(matchDecider, [...events, retracted!])
      .when(amend('s1', 3))
      .thenRefuses('STAT_NOT_FOUND');
    given(matchDecider, events).when(retract('s9')).thenRefuses('STAT_NOT_FOUND');
  });

  it('revises the result of a completed match when a correction changes its score', () => {
    const done = history(
      schedule(),
      ...lineup,
      start(),
      record('s1', 'a1'),
      record('s2', 'b1'),
      record('s3', 'b1'),
      complete(),
    );
    expect(done.at(-1)?.data).toMatchObject({ scoreA: 1, scoreB: 2, winnerId: 'tb' });
    given(matchDecider, done)
      .when(retract('s3', 'Own goal, credited wrongly', 100))
      .then([
        ...matchDecider.decide(retract('s3', 'Own goal, credited wrongly', 100), stateOf(done)).slice(0, 1),
        {
          type: 'MatchResultRevised',
          data: {
            matchId: 'm1',
            teamIds,
            scoreA: 1,
            scoreB: 1,
            winnerId: null,
            winnerSide: null,
            statId: 's3',
            by: 'coach',
          },
        },
      ]);
    // A correction that leaves the score alone revises nothing.
    const saves = history(schedule(), ...lineup, start(), record('s1', 'a2', 'saves', 2), complete());
    expect(matchDecider.decide(amend('s1', 3), stateOf(saves)).map((e) => e.type)).toEqual(['StatAmended']);
  });

  it('two scorers on one match both land: each decision sees the other', () => {
    const base = live();
    const first = matchDecider.decide(record('s1', 'a1'), stateOf(base));
    const second = matchDecider.decide(record('s2', 'b1'), stateOf([...base, ...first]));
    const after = stateOf([...base, ...first, ...second]);
    expect(after.scoreHundredths).toEqual([100, 100]);
  });
});

describe('the box score as history', () => {
  const names = new Map([
    ['ta', 'Hawks'],
    ['tb', 'Owls'],
  ]);

  it('sums the surviving stats per player and type', () => {
    const events = history(
      schedule(),
      ...lineup,
      start(),
      record('s1', 'a1'),
      record('s2', 'a1'),
      record('s3', 'a1', 'shots', 4),
      record('s4', 'b1'),
      amend('s2', 0),
      retract('s4'),
    );
    const box = boxScoreOf(stateOf(events), names, null);
    expect(box).toEqual({
      matchId: 'm1',
      at: null,
      scoreA: 1,
      scoreB: 0,
      teams: [
        {
          teamId: 'ta',
          side: 'teamA',
          name: 'Hawks',
          score: 1,
          totals: { goals: 1, shots: 4 },
          players: [
            { participantId: 'a1', name: 'Player a1', stats: { goals: 1, shots: 4 } },
            { participantId: 'a2', name: 'Player a2', stats: {} },
          ],
        },
        {
          teamId: 'tb',
          side: 'teamB',
          name: 'Owls',
          score: 0,
          totals: {},
          players: [{ participantId: 'b1', name: 'Player b1', stats: {} }],
        },
      ],
    });
  });

  it('property: after any records, amendments and retractions, the score is the sum of the surviving values', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('record' as const),
        who: fc.constantFrom('a1', 'a2', 'b1'),
        cents: fc.integer({ min: 0, max: 500 }),
      }),
      fc.record({ kind: fc.constant('amend' as const), index: fc.nat(), cents: fc.integer({ min: 0, max: 500 }) }),
      fc.record({ kind: fc.constant('retract' as const), index: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let events = live();
        const surviving = new Map<string, { who: string; cents: number }>();
        let n = 0;
        for (const o of ops) {
          const ids = [...surviving.keys()];
          let command: MatchCommand | null = null;
          if (o.kind === 'record') {
            const id = `s${n++}`;
            command = record(id, o.who, 'goals', o.cents / 100);
            surviving.set(id, { who: o.who, cents: o.cents });
          } else if (ids.length > 0) {
            const id = ids[o.index % ids.length]!;
            if (o.kind === 'amend') {
              command = amend(id, o.cents / 100);
              surviving.set(id, { ...surviving.get(id)!, cents: o.cents });
            } else {
              command = retract(id);
              surviving.delete(id);
            }
          }
          if (command) events = [...events, ...matchDecider.decide(command, stateOf(events))];
        }
        const box = boxScoreOf(stateOf(events), names, null);
        const sum = (team: string) =>
          [...surviving.values()]
            .filter((s) => (s.who === 'b1' ? 'tb' : 'ta') === team)
            .reduce((a, s) => a + s.cents, 0) / 100;
        expect(box.scoreA).toBe(sum('ta'));
        expect(box.scoreB).toBe(sum('tb'));
        const playerGoals = box.teams
          .flatMap((t) => t.players)
          .reduce((a, p) => a + Math.round((p.stats.goals ?? 0) * 100), 0);
        expect(playerGoals).toBe(Math.round((sum('ta') + sum('tb')) * 100));
      }),
    );
  });
});

describe('the match form schemas', () => {
  it('say what is missing in the spec words', () => {
    const result = scheduleMatchInputSchema.safeParse({});
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    // The season is the server's to require: it depends on whether team A has an organization.
    expect(messages).toMatchObject({
      sportId: 'Sport is required',
      teamAId: 'Choose the home team',
      startTime: 'Start time is required',
    });
    expect(messages).not.toHaveProperty('seasonId');
    const stat = recordStatInputSchema.safeParse({ value: -1 });
    const statMessages = Object.fromEntries(stat.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(statMessages).toEqual({
      userId: 'Player is required',
      statType: 'Stat type is required',
      value: 'Value must be positive',
    });
    expect(recordStatInputSchema.safeParse({ statType: 'goals', value: 1 }).error!.issues[0]!.message).toBe(
      'Player is required',
    );
  });
});

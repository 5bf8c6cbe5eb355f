import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { given } from '../shared/given-when-then.ts';
import { sportById } from '../sports/catalogue.ts';
import { boxScoreOf } from './box-score.ts';
import type { MatchCommand } from './commands.ts';
import { matchDecider, type MatchState } from './decider.ts';
import type { MatchEvent } from './events.ts';
import { minuteOfPlay } from './minutes.ts';
import { recordStatInputSchema, scheduleMatchInputSchema, seasonMatchInputSchema } from './schemas.ts';
import { resultWinnerSide, statSideOf, withStatSide } from './sides.ts';
import { scoringStatTypes, statKindOf, statValueChoices } from './stat-kinds.ts';

const T0 = '2026-05-02T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const sent = (minutes = 0) => ({ matchId: 'm1', by: 'coach', at: at(minutes) });

type ScheduleData = Extract<MatchCommand, { type: 'ScheduleMatch' }>['data'];

/** An independent team (no organization, no season) against a club that is not on Sideline. */
const scheduleIndie = (overrides: Partial<ScheduleData> = {}): MatchCommand => ({
  type: 'ScheduleMatch',
  data: {
    ...sent(-60),
    seasonId: null,
    orgId: null,
    sportId: 'soccer',
    teamAId: 'ta',
    teamBId: null,
    opponentName: 'Eastside FC',
    teamAIndependent: true,
    startTime: T0,
    location: 'Riverside Park',
    format: null,
    ...overrides,
  },
});
const start = (minutes = 0): MatchCommand => ({ type: 'StartMatch', data: sent(minutes) });
const complete = (minutes = 90): MatchCommand => ({ type: 'CompleteMatch', data: sent(minutes) });
const add = (participantId: string): MatchCommand => ({
  type: 'AddParticipant',
  data: {
    ...sent(-30),
    participantId,
    userId: `u-${participantId}`,
    playerId: null,
    name: `Player ${participantId}`,
    teamId: 'ta',
    positionId: 'striker',
    isStarter: true,
  },
});
const recordFor = (
  statId: string,
  who: { participantId: string | null; side?: 'teamA' | 'teamB' | 'opponent' },
  statType = 'goals',
  value = 1,
  minutes = 10,
): MatchCommand => ({
  type: 'RecordStat',
  data: { ...sent(minutes), statId, ...who, statType, value, context: null },
});
const opponentGoal = (statId: string, minutes = 10) =>
  recordFor(statId, { participantId: null, side: 'opponent' }, 'goals', 1, minutes);
const undo = (statId: string, minutes = 12): MatchCommand => ({
  type: 'RetractStat',
  data: { ...sent(minutes), statId, reason: 'Undone by scorer' },
});

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
const stateOf = (events: MatchEvent[]) => fold(matchDecider, events);

const indieScheduled: MatchEvent = {
  type: 'MatchScheduled',
  data: {
    matchId: 'm1',
    teamIds: ['ta'],
    seasonId: null,
    orgId: null,
    sportId: 'soccer',
    teamAId: 'ta',
    teamBId: null,
    opponentName: 'Eastside FC',
    startTime: T0,
    location: 'Riverside Park',
    format: null,
    by: 'coach',
  },
};
const live = () => history(scheduleIndie(), add('a1'), start());

/** The field errors a refusal carries, as the HTTP body has them. */
function fieldErrorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).details?.fieldErrors as Record<string, string[]>;
  }
  throw new Error('expected a refusal');
}

describe('match decider: an independent team against an opponent outside Sideline', () => {
  it('given nothing, when the coach of an independent team schedules against "Eastside FC" without a season, then it is scheduled for team A alone', () => {
    given(matchDecider).when(scheduleIndie()).then([indieScheduled]);
  });

  it('refuses a match without a season unless team A is independent, naming seasonId', () => {
    given(matchDecider)
      .when(scheduleIndie({ teamAIndependent: false, orgId: 'o1' }))
      .thenRefuses('SEASON_REQUIRED');
    expect(fieldErrorsOf(() => matchDecider.decide(scheduleIndie({ teamAIndependent: false }), stateOf([])))).toEqual({
      seasonId: ['Season is required'],
    });
  });

  it('refuses both an away team and an opponent, neither, and a name over 80 characters, naming the field', () => {
    const decide = (overrides: Partial<ScheduleData>) => () =>
      matchDecider.decide(scheduleIndie(overrides), stateOf([]));
    given(matchDecider)
      .when(scheduleIndie({ teamBId: 'tb' }))
      .thenRefuses('TEAM_OR_OPPONENT');
    expect(fieldErrorsOf(decide({ teamBId: 'tb' }))).toEqual({
      opponentName: ['Choose the away team or name the opponent, not both'],
    });
    given(matchDecider)
      .when(scheduleIndie({ opponentName: '   ' }))
      .thenRefuses('OPPONENT_REQUIRED');
    expect(Object.keys(fieldErrorsOf(decide({ opponentName: null })))).toEqual(['teamBId', 'opponentName']);
    given(matchDecider)
      .when(scheduleIndie({ opponentName: 'x'.repeat(81) }))
      .thenRefuses('OPPONENT_NAME_TOO_LONG');
    expect(fieldErrorsOf(decide({ opponentName: 'x'.repeat(81) }))).toEqual({
      opponentName: ['At most 80 characters'],
    });
    expect(matchDecider.decide(scheduleIndie({ opponentName: 'x'.repeat(80) }), stateOf([]))).toHaveLength(1);
  });

  it("records the opponent's goal for the side `opponent`, with no player", () => {
    given(matchDecider, live())
      .when(opponentGoal('s1', 14))
      .then([
        {
          type: 'StatRecorded',
          data: {
            matchId: 'm1',
            teamIds: ['ta'],
            statId: 's1',
            participantId: null,
            userId: null,
            playerId: null,
            teamId: null,
            side: 'opponent',
            statType: 'goals',
            value: 1,
            context: null,
            recordedAt: at(14),
            by: 'coach',
          },
        },
      ]);
  });

  it('refuses an opponent stat that names a player, a stat type that does not score, and the side on a match without an opponent', () => {
    given(matchDecider, live())
      .when(recordFor('s1', { participantId: 'a1', side: 'opponent' }))
      .thenRefuses('OPPONENT_STAT_WITH_PLAYER');
    expect(
      fieldErrorsOf(() =>
        matchDecider.decide(recordFor('s1', { participantId: 'a1', side: 'opponent' }), stateOf(live())),
      ),
    ).toEqual({ participantId: ["The opponent's stats name no player"] });
    given(matchDecider, live())
      .when(recordFor('s1', { participantId: null, side: 'opponent' }, 'saves'))
      .thenRefuses('OPPONENT_SCORING_ONLY');
    given(matchDecider, live())
      .when(recordFor('s1', { participantId: 'a1', side: 'teamB' }))
      .thenRefuses('WRONG_SIDE');
    given(matchDecider, live())
      .when(recordFor('s1', { participantId: null }))
      .thenRefuses('PLAYER_REQUIRED');
    const twoTeams = history({ ...scheduleIndie({ teamBId: 'tb', opponentName: null }) }, add('a1'), start());
    given(matchDecider, twoTeams).when(opponentGoal('s1')).thenRefuses('NO_OPPONENT');
  });

  it("keeps the opponent's score: the opponent wins 1–2 and the result says so, without a winning team id", () => {
    const events = history(
      scheduleIndie(),
      add('a1'),
      start(),
      recordFor('s1', { participantId: 'a1' }),
      opponentGoal('s2', 20),
      opponentGoal('s3', 30),
    );
    expect(stateOf(events).scoreHundredths).toEqual([100, 200]);
    given(matchDecider, events)
      .when(complete(90))
      .then([
        {
          type: 'MatchCompleted',
          data: {
            matchId: 'm1',
            teamIds: ['ta'],
            at: at(90),
            scoreA: 1,
            scoreB: 2,
            winnerId: null,
            winnerSide: 'opponent',
            by: 'coach',
          },
        },
      ]);
    const box = boxScoreOf(stateOf(events), new Map([['ta', 'Riverside Hawks']]), null);
    expect(box.teams).toEqual([
      {
        teamId: 'ta',
        side: 'teamA',
        name: 'Riverside Hawks',
        score: 1,
        totals: { goals: 1 },
        players: [{ participantId: 'a1', name: 'Player a1', stats: { goals: 1 } }],
      },
      { teamId: null, side: 'opponent', name: 'Eastside FC', score: 2, totals: { goals: 2 }, players: [] },
    ]);
  });

  it("given the opponent's goal, when the scorer undoes it, then it is retracted with the reason and the score drops", () => {
    const events = history(scheduleIndie(), add('a1'), start(), opponentGoal('s1'));
    given(matchDecider, events)
      .when(undo('s1'))
      .then([
        {
          type: 'StatRetracted',
          data: {
            matchId: 'm1',
            teamIds: ['ta'],
            statId: 's1',
            participantId: null,
            userId: null,
            playerId: null,
            teamId: null,
            side: 'opponent',
            statType: 'goals',
            value: 1,
            reason: 'Undone by scorer',
            at: at(12),
            by: 'coach',
          },
        },
      ]);
    const undone = [...events, ...matchDecider.decide(undo('s1'), stateOf(events))];
    expect(stateOf(undone).scoreHundredths).toEqual([0, 0]);
    given(matchDecider, undone).when(undo('s1')).thenRefuses('STAT_ALREADY_RETRACTED');
  });

  it("given a player's goal, when the scorer undoes it, then the player's count and the score follow", () => {
    const events = history(scheduleIndie(), add('a1'), start(), recordFor('s1', { participantId: 'a1' }));
    const undone = [...events, ...matchDecider.decide(undo('s1'), stateOf(events))];
    expect(undone.at(-1)).toMatchObject({
      type: 'StatRetracted',
      data: { statId: 's1', participantId: 'a1', side: 'teamA', reason: 'Undone by scorer' },
    });
    const state = stateOf(undone);
    expect(state.scoreHundredths).toEqual([0, 0]);
    expect(state.participants.get('a1')?.statCount).toBe(0);
  });

  it('revises a completed result when a late opponent goal turns it around', () => {
    const done = history(scheduleIndie(), add('a1'), start(), recordFor('s1', { participantId: 'a1' }), complete());
    expect(done.at(-1)?.data).toMatchObject({ scoreA: 1, scoreB: 0, winnerId: 'ta', winnerSide: 'teamA' });
    const late = matchDecider.decide(opponentGoal('s2', 95), stateOf(done));
    expect(late.map((e) => e.type)).toEqual(['StatRecorded', 'MatchResultRevised']);
    expect(late[1]!.data).toMatchObject({ scoreA: 1, scoreB: 1, winnerId: null, winnerSide: null });
  });
});

describe('events written before opponents existed', () => {
  const teamIds: [string, string] = ['ta', 'tb'];
  it('read with their side and winner from the team ids', () => {
    const teamIds: [string, string] = ['ta', 'tb'];
    expect(statSideOf({ teamIds, teamId: 'ta' })).toBe('teamA');
    expect(statSideOf({ teamIds, teamId: 'tb' })).toBe('teamB');
    expect(withStatSide({ teamIds, teamId: 'tb', statId: 's1' })).toEqual({
      teamIds,
      teamId: 'tb',
      statId: 's1',
      side: 'teamB',
    });
    expect(resultWinnerSide({ teamIds, winnerId: 'tb' })).toBe('teamB');
    expect(resultWinnerSide({ teamIds, winnerId: null })).toBeNull();
  });

  it('fold as before: an old two-team history keeps its score and its winner', () => {
    const old: MatchEvent[] = [
      {
        type: 'MatchScheduled',
        data: {
          matchId: 'm1',
          teamIds,
          seasonId: 's1',
          orgId: 'o1',
          sportId: 'soccer',
          teamAId: 'ta',
          teamBId: 'tb',
          startTime: T0,
          location: null,
          format: null,
          by: 'coach',
        },
      },
      { type: 'MatchStarted', data: { matchId: 'm1', teamIds, at: T0, by: 'coach' } },
      {
        type: 'StatRecorded',
        data: {
          matchId: 'm1',
          teamIds,
          statId: 's1',
          participantId: 'b1',
          userId: 'u-b1',
          playerId: null,
          teamId: 'tb',
          statType: 'goals',
          value: 1,
          context: null,
          recordedAt: at(5),
          by: 'coach',
        },
      },
      {
        type: 'MatchCompleted',
        data: { matchId: 'm1', teamIds, at: at(90), scoreA: 0, scoreB: 1, winnerId: 'tb', by: 'coach' },
      },
    ];
    const state = stateOf(old);
    expect(state.scoreHundredths).toEqual([0, 100]);
    expect(state.result).toEqual({ scoreA: 0, scoreB: 1, winnerId: 'tb', winnerSide: 'teamB' });
    expect(state.stats.get('s1')?.side).toBe('teamB');
    expect(state.match?.opponentName).toBeNull();
  });
});

describe('the scorer', () => {
  it('records a count stat with the value 1; measured stats and the scoring types come from the catalogue', () => {
    expect(matchDecider.decide(recordFor('s1', { participantId: 'a1' }, 'shots', 1), stateOf(live()))).toHaveLength(1);
    expect(statKindOf('goals')).toBe('count');
    expect(statKindOf('time')).toBe('measure');
    expect(statKindOf('strokes')).toBe('measure');
    expect(scoringStatTypes(sportById('soccer'))).toEqual(['goals']);
    expect(scoringStatTypes(sportById('volleyball'))).toEqual(['kills', 'blocks', 'aces']);
  });

  it('taps a basketball basket as 1, 2 or 3 points, every other count as 1, and asks a measure', () => {
    expect(statValueChoices('basketball', 'points')).toEqual([1, 2, 3]);
    expect(statValueChoices('basketball', 'rebounds')).toEqual([1]);
    expect(statValueChoices('soccer', 'goals')).toEqual([1]);
    expect(statValueChoices('track_field', 'points')).toEqual([1]);
    expect(statValueChoices('track_field', 'time')).toEqual([]);
  });

  it('counts minutes of play from kick-off, the first minute being 1', () => {
    expect(minuteOfPlay(T0, T0)).toBe(1);
    expect(minuteOfPlay(T0, new Date(Date.parse(T0) + 33 * 60_000 + 10_000).toISOString())).toBe(34);
    expect(minuteOfPlay(T0, at(-1))).toBeNull();
    expect(minuteOfPlay(null, T0)).toBeNull();
    expect(minuteOfPlay(T0, at(95), at(90))).toBeNull();
  });
});

describe('the opponent in the forms', () => {
  const match = {
    sportId: 'soccer',
    teamAId: 'ta',
    startTime: '2030-05-02T10:00:00.000Z',
  };
  const errors = (input: unknown) => {
    const result = scheduleMatchInputSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes an opponent name instead of team B, and no season', () => {
    const parsed = scheduleMatchInputSchema.parse({ ...match, opponentName: '  Eastside FC ' });
    expect(parsed).toMatchObject({ seasonId: null, teamBId: null, opponentName: 'Eastside FC' });
    expect(scheduleMatchInputSchema.parse({ ...match, seasonId: '', teamBId: 'tb' })).toMatchObject({
      seasonId: null,
      teamBId: 'tb',
      opponentName: null,
    });
  });

  it("requires the season in an organization team's form, beside the other fields' messages", () => {
    const messages = (input: unknown) =>
      Object.fromEntries(
        seasonMatchInputSchema.safeParse(input).error!.issues.map((i) => [i.path.join('.'), i.message]),
      );
    expect(messages({ seasonId: '' })).toMatchObject({ seasonId: 'Season is required', sportId: 'Sport is required' });
    expect(messages({ ...match, teamBId: 'tb' })).toEqual({ seasonId: 'Season is required' });
    expect(seasonMatchInputSchema.safeParse({ ...match, teamBId: 'tb', seasonId: 's1' }).success).toBe(true);
  });

  it('names the field for both, neither, a name over 80 characters and text that is not text', () => {
    expect(errors({ ...match, teamBId: 'tb', opponentName: 'Eastside FC' })).toEqual({
      opponentName: 'Choose the away team or name the opponent, not both',
    });
    expect(errors(match)).toEqual({
      teamBId: 'Choose the away team or name the opponent',
      opponentName: 'Choose the away team or name the opponent',
    });
    expect(errors({ ...match, opponentName: 'x'.repeat(81) })).toEqual({ opponentName: 'At most 80 characters' });
    expect(Object.keys(errors({ ...match, opponentName: 'East\u0000side' }))).toEqual(['opponentName']);
    expect(Object.keys(errors({ ...match, opponentName: 'East\ud800side' }))).toEqual(['opponentName']);
    // A field bad on its own is said alone, not with the two sides' rule.
    expect(errors({ ...match, teamAId: 'no\u0000id', opponentName: 'Eastside FC' })).toEqual({
      teamAId: 'Not a valid id',
    });
    expect(errors({ ...match, teamBId: 'no\u0000id' })).toEqual({ teamBId: 'Not a valid id' });
  });

  it('takes a stat for the side opponent without a player, refuses one that names a player, and keeps a client id', () => {
    expect(
      recordStatInputSchema.parse({ side: 'opponent', statType: 'goals', value: 1, clientId: 'outbox-0001' }),
    ).toMatchObject({
      side: 'opponent',
      clientId: 'outbox-0001',
    });
    const named = recordStatInputSchema.safeParse({
      side: 'opponent',
      participantId: 'p1',
      statType: 'goals',
      value: 1,
    });
    expect(named.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['participantId', "The opponent's stats name no player"],
    ]);
    expect(recordStatInputSchema.safeParse({ statType: 'goals', value: 1 }).error!.issues[0]!.message).toBe(
      'Player is required',
    );
  });
});

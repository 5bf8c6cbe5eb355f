import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  boxScoreOf,
  fold,
  matchDecider,
  matchStream,
  type MatchCommand,
  type MatchEvent,
  type UserRegistered,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { findUserById } from '../identity/users-queries.ts';
import { rewardsProjector } from '../rewards/rewards-projector.ts';
import { getMyRewards } from '../rewards/rewards-queries.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { matchesProjector } from './matches-projector.ts';
import {
  boxScore,
  findMatchRow,
  listMatchRows,
  listParticipants,
  listStats,
  matchBoardRows,
  matchTimeline,
  playingTime,
  seasonPlayingTime,
  seasonStatTotals,
} from './matches-queries.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, rewardsProjector, matchesProjector];
const { fixture, project } = projectorFixtures(projectors);

const T0 = Date.parse('2026-05-02T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/**
 * A scorer's session on one match: commands go through the real decider against the stream's
 * history, and what it decides is appended as the command handler would.
 */
function scorer(f: ProjectorFixture, matchId: string, sportId: 'soccer' | 'golf' = 'soccer') {
  const history: MatchEvent[] = [];
  const sent = (minutes: number) => ({ matchId, by: 'coach', at: at(minutes) });
  const run = async (command: MatchCommand) => {
    const events = matchDecider.decide(command, fold(matchDecider, history));
    if (events.length === 0) return;
    const metadata = { actorId: 'coach', correlationId: 'c', causationId: null, occurredAt: command.data.at };
    const appended = await f.eventStore.appendToStream(
      matchStream(matchId),
      events.map((e): NewEvent => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: history.length === 0 ? 'no_stream' : history.length - 1 },
    );
    history.push(...events);
    f.last = appended.position;
  };
  return {
    history,
    run,
    schedule: (seasonId = 's1', startMinutes = 0) =>
      run({
        type: 'ScheduleMatch',
        data: {
          ...sent(-60),
          seasonId,
          orgId: 'o1',
          sportId,
          teamAId: 'ta',
          teamBId: 'tb',
          startTime: at(startMinutes),
          location: 'Field 1',
          format: '11 v 11',
        },
      }),
    add: (participantId: string, teamId: string, userId: string | null, positionId: string | null, isStarter = true) =>
      run({
        type: 'AddParticipant',
        data: {
          ...sent(-30),
          participantId,
          userId,
          playerId: userId ? null : `player-${participantId}`,
          name: `Name ${participantId}`,
          teamId,
          positionId,
          isStarter,
        },
      }),
    /** An independent team (no organization, no season) against a club that is not on Sideline. */
    scheduleAgainst: (opponentName: string, startMinutes = 0) =>
      run({
        type: 'ScheduleMatch',
        data: {
          ...sent(-60),
          seasonId: null,
          orgId: null,
          sportId,
          teamAId: 'ta',
          teamBId: null,
          opponentName,
          teamAIndependent: true,
          startTime: at(startMinutes),
          location: null,
          format: null,
        },
      }),
    opponentScores: (statId: string, value = 1, minutes = 10) =>
      run({
        type: 'RecordStat',
        data: {
          ...sent(minutes),
          statId,
          participantId: null,
          side: 'opponent',
          statType: 'goals',
          value,
          context: null,
        },
      }),
    start: (minutes = 0) => run({ type: 'StartMatch', data: sent(minutes) }),
    complete: (minutes = 90) => run({ type: 'CompleteMatch', data: sent(minutes) }),
    substitute: (out: string, into: string, minutes: number) =>
      run({
        type: 'Substitute',
        data: { ...sent(minutes), outParticipantId: out, inParticipantId: into, when: at(minutes) },
      }),
    record: (statId: string, participantId: string, statType: string, value: number, minutes = 10) =>
      run({ type: 'RecordStat', data: { ...sent(minutes), statId, participantId, statType, value, context: null } }),
    amend: (statId: string, value: number, minutes = 20) =>
      run({ type: 'AmendStat', data: { ...sent(minutes), statId, value, context: 'corrected', reason: 'Misread' } }),
    retract: (statId: string, minutes = 20, reason = 'Disallowed') =>
      run({ type: 'RetractStat', data: { ...sent(minutes), statId, reason } }),
  };
}

async function register(f: ProjectorFixture, userId: string, name: string) {
  const e: UserRegistered = {
    type: 'UserRegistered',
    data: { userId, name, email: `${userId}@example.com`, role: 'player' },
  };
  f.last = (
    await f.eventStore.appendToStream(
      `user-${userId}`,
      [{ ...e, metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: at(-1000) } }],
      {
        expectedRevision: 'no_stream',
      },
    )
  ).position;
}

for (const kind of await testDatabaseKinds()) {
  // Each test appends and projects a few dozen events one command at a time, as a scorer would.
  describe(`matches projector on ${kind}`, { timeout: 90_000 }, () => {
    it('keeps the match, its lineup, surviving stats and live score, and tells both teams', async () => {
      const f = await fixture(kind);
      const m = scorer(f, 'm1');
      await m.schedule();
      await m.add('a1', 'ta', 'ua1', 'striker');
      await m.add('a2', 'ta', 'ua2', null, false);
      await m.add('b1', 'tb', null, 'goalkeeper');
      await m.start();
      await m.record('s1', 'a1', 'goals', 1);
      await m.record('s2', 'a1', 'goals', 1);
      await m.record('s3', 'b1', 'saves', 4);
      await m.record('s4', 'b1', 'goals', 1);
      await m.amend('s2', 0);
      await m.retract('s4');
      await project(f);
      const db = f.database.db;

      const match = await findMatchRow(db, 'm1');
      expect(match).toMatchObject({
        status: 'in_progress',
        sportId: 'soccer',
        scoreA: 1,
        scoreB: 0,
        winnerId: null,
        participantCount: 3,
        location: 'Field 1',
        format: '11 v 11',
      });
      expect((await listMatchRows(db, { teamIds: ['tb'], orgIds: [] })).map((r) => r.id)).toEqual(['m1']);
      expect(await listMatchRows(db, { teamIds: ['tc'], orgIds: [] })).toEqual([]);
      expect(await listMatchRows(db, { teamIds: [], orgIds: ['o1'] }, { status: 'complete' })).toEqual([]);

      expect(await listParticipants(db, 'm1', 'soccer')).toEqual([
        expect.objectContaining({ id: 'a1', userId: 'ua1', positionName: 'Striker', isStarter: true, onField: true }),
        expect.objectContaining({ id: 'a2', positionId: null, positionName: null, isStarter: false, onField: false }),
        expect.objectContaining({ id: 'b1', userId: null, playerId: 'player-b1', positionName: 'Goalkeeper' }),
      ]);
      const stats = await listStats(db, 'm1');
      expect(stats.map((s) => [s.id, s.statType, s.value, s.amended])).toEqual([
        ['s1', 'goals', 1, false],
        ['s2', 'goals', 0, true],
        ['s3', 'saves', 4, false],
      ]);
      expect(stats[1]).toMatchObject({ context: 'corrected', userName: 'Name a1', teamId: 'ta' });

      const box = await boxScore(db, match!);
      // The read model's box score is the history's, folded to the end.
      expect(box).toEqual(
        boxScoreOf(
          fold(matchDecider, m.history),
          new Map([
            ['ta', 'Unknown team'],
            ['tb', 'Unknown team'],
          ]),
          null,
        ),
      );
      expect(box.teams[0]!.players[0]).toEqual({ participantId: 'a1', name: 'Name a1', stats: { goals: 1 } });

      // One notice per projected batch and team; every one names the match and both teams.
      // (Other read models fed by the same events, such as rewards from play, send their own.)
      const matchNotices = f.published.filter((p) => (p.data as { type: string }).type === 'match_updated');
      expect(matchNotices.length).toBeGreaterThan(0);
      expect(new Set(matchNotices.map((p) => p.subject))).toEqual(
        new Set(['sideline.team.ta.match', 'sideline.team.tb.match']),
      );
      expect(matchNotices[0]!.data).toEqual({
        type: 'match_updated',
        payload: { matchId: 'm1', teamIds: ['ta', 'tb'] },
      });
    });

    it("keeps an opponent's score, its side on every stat and a timeline with corrections shown as such", async () => {
      const f = await fixture(kind);
      const m = scorer(f, 'mo');
      await m.scheduleAgainst('Eastside FC');
      await m.add('a1', 'ta', 'ua1', 'striker');
      await m.start(0);
      await m.record('s1', 'a1', 'goals', 1, 5);
      await m.opponentScores('s2', 1, 12);
      await m.opponentScores('s3', 1, 33.5);
      await m.retract('s3', 34, 'Undone by scorer');
      await m.amend('s1', 2, 40);
      await m.opponentScores('s4', 1, 60);
      await m.complete(90);
      await project(f);
      const db = f.database.db;
      const match = (await findMatchRow(db, 'mo'))!;
      expect(match).toMatchObject({
        seasonId: null,
        orgId: null,
        teamA: { id: 'ta' },
        teamB: { id: null, name: 'Eastside FC' },
        opponentName: 'Eastside FC',
        status: 'complete',
        scoreA: 2,
        scoreB: 2,
        winnerId: null,
        winnerSide: null,
        startedAt: at(0),
        endedAt: at(90),
      });
      const stats = await listStats(db, 'mo');
      expect(stats.map((s) => [s.id, s.side, s.participantId, s.teamId, s.userName, s.value])).toEqual([
        ['s1', 'teamA', 'a1', 'ta', 'Name a1', 2],
        ['s2', 'opponent', null, null, 'Eastside FC', 1],
        ['s4', 'opponent', null, null, 'Eastside FC', 1],
      ]);
      const box = await boxScore(db, match);
      expect(box).toEqual(boxScoreOf(fold(matchDecider, m.history), new Map([['ta', 'Unknown team']]), null));
      expect(box.teams[1]).toEqual({
        teamId: null,
        side: 'opponent',
        name: 'Eastside FC',
        score: 2,
        totals: { goals: 2 },
        players: [],
      });

      const timeline = await matchTimeline(db, match);
      expect(timeline.startedAt).toBe(at(0));
      expect(
        timeline.entries.map((e) => [
          e.kind,
          e.statId,
          e.side,
          e.playerName,
          e.sideName,
          e.value,
          e.previousValue,
          e.reason,
          e.minute,
        ]),
      ).toEqual([
        ['recorded', 's1', 'teamA', 'Name a1', 'Unknown team', 1, null, null, 6],
        ['recorded', 's2', 'opponent', null, 'Eastside FC', 1, null, null, 13],
        ['recorded', 's3', 'opponent', null, 'Eastside FC', 1, null, null, 34],
        ['retracted', 's3', 'opponent', null, 'Eastside FC', 1, null, 'Undone by scorer', 35],
        ['amended', 's1', 'teamA', 'Name a1', 'Unknown team', 2, 1, 'Misread', 41],
        ['recorded', 's4', 'opponent', null, 'Eastside FC', 1, null, null, 61],
      ]);
      expect(timeline.entries.map((e) => [e.statId, e.amendedSince, e.retractedSince, e.scoring])).toEqual([
        ['s1', true, false, true],
        ['s2', false, false, true],
        ['s3', false, true, true],
        ['s3', false, false, true],
        ['s1', false, false, true],
        ['s4', false, false, true],
      ]);

      // Only team A's members hear of it: the opponent has no room.
      const subjects = f.published
        .filter((p) => (p.data as { type: string }).type === 'match_updated')
        .map((p) => p.subject);
      expect(new Set(subjects)).toEqual(new Set(['sideline.team.ta.match']));

      expect((await matchBoardRows(db, ['ta'], { upcoming: 5, recent: 5 })).recent.map((r) => r.id)).toEqual(['mo']);
    });

    it('reads events written before opponents existed as they were: sides from the teams, the winner from its id', async () => {
      const f = await fixture(kind);
      const teamIds = ['ta', 'tb'];
      const base = { matchId: 'old', teamIds };
      // The shapes stored before opponents and sides: no opponentName, no side, no winnerSide.
      const old: Array<{ type: string; data: Record<string, unknown>; minutes: number }> = [
        {
          type: 'MatchScheduled',
          data: {
            ...base,
            seasonId: 's1',
            orgId: 'o1',
            sportId: 'soccer',
            teamAId: 'ta',
            teamBId: 'tb',
            startTime: at(0),
            location: null,
            format: null,
            by: 'coach',
          },
          minutes: -60,
        },
        {
          type: 'ParticipantAdded',
          data: {
            ...base,
            participantId: 'b1',
            userId: 'ub1',
            playerId: null,
            name: 'Bo',
            teamId: 'tb',
            positionId: null,
            isStarter: true,
            onField: true,
            by: 'coach',
          },
          minutes: -30,
        },
        { type: 'MatchStarted', data: { ...base, at: at(0), by: 'coach' }, minutes: 0 },
        {
          type: 'StatRecorded',
          data: {
            ...base,
            statId: 's1',
            participantId: 'b1',
            userId: 'ub1',
            playerId: null,
            teamId: 'tb',
            statType: 'goals',
            value: 1,
            context: null,
            recordedAt: at(5),
            by: 'coach',
          },
          minutes: 5,
        },
        {
          type: 'MatchCompleted',
          data: { ...base, at: at(90), scoreA: 0, scoreB: 1, winnerId: 'tb', by: 'coach' },
          minutes: 90,
        },
      ];
      for (const [i, e] of old.entries()) {
        f.last = (
          await f.eventStore.appendToStream(
            matchStream('old'),
            [
              {
                type: e.type,
                data: e.data,
                metadata: { actorId: 'coach', correlationId: 'c', causationId: null, occurredAt: at(e.minutes) },
              },
            ],
            { expectedRevision: i === 0 ? 'no_stream' : i - 1 },
          )
        ).position;
      }
      await project(f);
      const db = f.database.db;
      const match = (await findMatchRow(db, 'old'))!;
      expect(match).toMatchObject({
        teamB: { id: 'tb' },
        opponentName: null,
        scoreA: 0,
        scoreB: 1,
        winnerId: 'tb',
        winnerSide: 'teamB',
      });
      expect((await listStats(db, 'old')).map((s) => [s.id, s.side, s.teamId])).toEqual([['s1', 'teamB', 'tb']]);
      expect((await matchTimeline(db, match)).entries.map((e) => [e.kind, e.side, e.playerName, e.minute])).toEqual([
        ['recorded', 'teamB', 'Bo', 6],
      ]);
    });

    it('lists a board of live, upcoming and recent matches of the given teams', async () => {
      const f = await fixture(kind);
      const done = scorer(f, 'b-done');
      await done.schedule('s1', -120);
      await done.start(-120);
      await done.complete(-30);
      const live = scorer(f, 'b-live');
      await live.schedule('s1', -10);
      await live.start(-10);
      const next = scorer(f, 'b-next');
      await next.schedule('s1', 60);
      const later = scorer(f, 'b-later');
      await later.schedule('s1', 600);
      const cancelled = scorer(f, 'b-cancelled');
      await cancelled.schedule('s1', 30);
      await cancelled.run({
        type: 'CancelMatch',
        data: { matchId: 'b-cancelled', by: 'coach', at: at(0) },
      });
      await project(f);
      const board = await matchBoardRows(f.database.db, ['tb'], { upcoming: 1, recent: 5 });
      expect([board.live, board.upcoming, board.recent].map((rows) => rows.map((r) => r.id))).toEqual([
        ['b-live'],
        ['b-next'],
        ['b-done'],
      ]);
      expect(await matchBoardRows(f.database.db, ['tc'], { upcoming: 1, recent: 5 })).toEqual({
        live: [],
        upcoming: [],
        recent: [],
      });
    });

    it('completes with the final score and winner, and revises them after a later correction', async () => {
      const f = await fixture(kind);
      const m = scorer(f, 'm2');
      await m.schedule();
      await m.add('a1', 'ta', 'ua1', 'striker');
      await m.add('b1', 'tb', 'ub1', 'striker');
      await m.start();
      await m.record('s1', 'a1', 'goals', 2);
      await m.record('s2', 'b1', 'goals', 1);
      await m.complete();
      await project(f);
      expect(await findMatchRow(f.database.db, 'm2')).toMatchObject({
        status: 'complete',
        scoreA: 2,
        scoreB: 1,
        winnerId: 'ta',
      });
      await m.amend('s1', 1, 100);
      await project(f);
      expect(await findMatchRow(f.database.db, 'm2')).toMatchObject({ scoreA: 1, scoreB: 1, winnerId: null });
    });

    it('credits goals to the player and takes them back when a goal is corrected or retracted', async () => {
      const f = await fixture(kind);
      await register(f, 'ua1', 'Ava');
      const m = scorer(f, 'm3');
      await m.schedule();
      await m.add('a1', 'ta', 'ua1', 'striker');
      await m.start();
      await m.record('s1', 'a1', 'goals', 1);
      await m.record('s2', 'a1', 'goals', 1);
      await m.record('s3', 'a1', 'assists', 1);
      await m.record('s4', 'a1', 'shots', 5);
      await project(f);
      const db = f.database.db;
      const now = new Date(T0);
      expect(await getMyRewards(db, 'ua1', { limit: 10, now })).toMatchObject({ xp: 2 * 20 + 15, dulars: 2 * 10 + 7 });
      expect(await findUserById(db, 'ua1')).toMatchObject({ xp: 55, dulars: 27 });

      await m.retract('s2');
      await m.amend('s3', 0.5); // half an assist is not an assist
      await project(f);
      const after = await getMyRewards(db, 'ua1', { limit: 10, now });
      expect(after).toMatchObject({ xp: 20, dulars: 10 });
      expect(after.history.map((h) => [h.action, h.xp])).toEqual([
        ['assist', -15],
        ['goal', -20],
        ['assist', 15],
        ['goal', 20],
        ['goal', 20],
      ]);
      expect(await findUserById(db, 'ua1')).toMatchObject({ xp: 20, dulars: 10 });
    });

    it('keeps a playing-time ledger from start, substitution and completion, with the events behind each stretch', async () => {
      const f = await fixture(kind);
      const m = scorer(f, 'm4');
      await m.schedule('s9');
      await m.add('a1', 'ta', 'ua1', 'striker');
      await m.add('a2', 'ta', 'ua2', 'winger', false);
      await m.add('b1', 'tb', 'ub1', 'goalkeeper');
      await m.start(0);
      await m.substitute('a1', 'a2', 30);
      await m.substitute('a2', 'a1', 75);
      await project(f);
      const db = f.database.db;
      const live = await playingTime(db, (await findMatchRow(db, 'm4'))!, new Date(T0 + 80 * 60_000));
      expect(live.players.map((p) => [p.participantId, p.minutes])).toEqual([
        ['a1', 35],
        ['a2', 45],
        ['b1', 80],
      ]);
      await m.complete(90);
      await project(f);
      const done = await playingTime(db, (await findMatchRow(db, 'm4'))!, new Date(T0 + 500 * 60_000));
      const [a1, a2, b1] = done.players;
      expect([a1!.minutes, a2!.minutes, b1!.minutes]).toEqual([45, 45, 90]);
      // a2 came on for a1 and took the striker's position.
      expect(a2!.byPosition).toEqual([{ positionId: 'striker', positionName: 'Striker', minutes: 45 }]);
      expect(a1!.segments).toEqual([
        {
          from: at(0),
          to: at(30),
          positionId: 'striker',
          minutes: 30,
          startedBy: { type: 'MatchStarted', revision: 4 },
          endedBy: { type: 'Substituted', revision: 5 },
        },
        {
          from: at(75),
          to: at(90),
          positionId: 'striker',
          minutes: 15,
          startedBy: { type: 'Substituted', revision: 6 },
          endedBy: { type: 'MatchCompleted', revision: 7 },
        },
      ]);

      // A second match of the season adds to the season totals.
      const n = scorer(f, 'm5');
      await n.schedule('s9', 7 * 24 * 60);
      await n.add('x1', 'ta', 'ua1', 'striker');
      await n.start(0);
      await n.complete(60);
      await n.record('g1', 'x1', 'goals', 2, 70);
      await project(f);
      const season = await seasonPlayingTime(db, 's9', new Date(T0 + 500 * 60_000));
      expect(season.players).toEqual([
        { userId: 'ua1', playerId: null, name: 'Name x1', minutes: 105, matches: 2 },
        { userId: 'ub1', playerId: null, name: 'Name b1', minutes: 90, matches: 1 },
        { userId: 'ua2', playerId: null, name: 'Name a2', minutes: 45, matches: 1 },
      ]);
      expect(await seasonStatTotals(db, 's9')).toEqual([
        { userId: 'ua1', playerId: null, name: 'Name x1', teamId: 'ta', statType: 'goals', total: 2, matches: 1 },
      ]);
    });

    it('property: after any records, amendments and retractions the box score is the sum of the surviving values, and a rebuild gives the same read models', async () => {
      const f = await fixture(kind);
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('record' as const),
          who: fc.constantFrom('a1', 'a2', 'b1'),
          cents: fc.integer({ min: 0, max: 400 }),
        }),
        fc.record({ kind: fc.constant('amend' as const), index: fc.nat(), cents: fc.integer({ min: 0, max: 400 }) }),
        fc.record({ kind: fc.constant('retract' as const), index: fc.nat() }),
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const matchId = `p${run++}`;
          const m = scorer(f, matchId);
          await m.schedule('sp');
          await m.add(`${matchId}a1`, 'ta', `u-${matchId}a1`, null);
          await m.add(`${matchId}a2`, 'ta', null, null);
          await m.add(`${matchId}b1`, 'tb', `u-${matchId}b1`, null);
          await m.start();
          const surviving = new Map<string, { team: string; who: string; cents: number }>();
          let n = 0;
          for (const o of ops) {
            const ids = [...surviving.keys()];
            if (o.kind === 'record') {
              const id = `${matchId}s${n++}`;
              await m.record(id, `${matchId}${o.who}`, 'goals', o.cents / 100);
              surviving.set(id, { team: o.who === 'b1' ? 'tb' : 'ta', who: `${matchId}${o.who}`, cents: o.cents });
            } else if (ids.length > 0) {
              const id = ids[o.index % ids.length]!;
              if (o.kind === 'amend') {
                await m.amend(id, o.cents / 100);
                surviving.set(id, { ...surviving.get(id)!, cents: o.cents });
              } else {
                await m.retract(id);
                surviving.delete(id);
              }
            }
          }
          await project(f);
          const match = (await findMatchRow(f.database.db, matchId))!;
          const box = await boxScore(f.database.db, match);
          const sum = (pick: (s: { team: string; who: string }) => boolean) =>
            [...surviving.values()].filter(pick).reduce((a, s) => a + s.cents, 0) / 100;
          expect(box.scoreA).toBe(sum((s) => s.team === 'ta'));
          expect(box.scoreB).toBe(sum((s) => s.team === 'tb'));
          for (const player of box.teams.flatMap((t) => t.players)) {
            const own = [...surviving.values()].filter((s) => s.who === player.participantId);
            expect(player.stats.goals ?? 0).toBe(sum((s) => s.who === player.participantId));
            expect('goals' in player.stats).toBe(own.length > 0);
          }
        }),
        { numRuns: kind === 'pglite' ? 15 : 25 },
      );

      const tables = [...matchesProjector.tables, ...rewardsProjector.tables, 'users'];
      const dump = async () =>
        Object.fromEntries(
          await Promise.all(
            tables.map(async (t) => {
              const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(f.database.db);
              return [t, rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort()];
            }),
          ),
        );
      const before = await dump();
      await rebuildProjections({ ...f, logger, projectors, until: f.last! });
      expect(await dump()).toEqual(before);
    }, 120_000);
  });
}

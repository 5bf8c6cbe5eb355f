import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { matchDecider, rewardTable, type MatchCommand } from '@sideline/domain';
import { sql } from 'kysely';
import {
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  eventStoreMigrations,
  type Bus,
  type Database,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '@sideline/infra';
import { createTestDatabase, testDatabaseKinds } from '@sideline/infra/testing';
import { usersProjector } from '../identity/users-projector.ts';
import { findUserById } from '../identity/users-queries.ts';
import { projectionMigrations } from '../registry.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { rewardsProjector } from './rewards-projector.ts';
import { getMyRewards, topTeamContributors } from './rewards-queries.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, rewardsProjector];

interface Fixture {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  last: Position | null;
}
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function fixture(kind: 'pglite' | 'postgres'): Promise<Fixture> {
  const database = await createTestDatabase({ ...eventStoreMigrations, ...projectionMigrations }, kind);
  const eventStore = createPostgresEventStore(database);
  const bus = createInProcessBus();
  open.push(
    () => database.close(),
    () => eventStore.close(),
    () => bus.close(),
  );
  return { database, eventStore, bus, last: null };
}

/** Projects everything appended so far, waiting for our own last append (never the head). */
async function project(f: Fixture, batchSize?: number): Promise<void> {
  const runner = new ProjectionRunner({
    ...f,
    logger,
    projectors,
    retryDelaysMs: [5],
    ...(batchSize ? { batchSize } : {}),
  });
  await runner.start();
  await runner.waitUntil(f.last!);
  await runner.stop();
}

const meta = (occurredAt: string) => ({ actorId: null, correlationId: 'c', causationId: null, occurredAt });
const at = (day: string, minute = 0) => `${day}T10:${String(minute).padStart(2, '0')}:00.000Z`;
const registered = (userId: string, name: string): NewEvent => ({
  type: 'UserRegistered',
  data: { userId, name, email: `${userId}@example.com`, role: 'parent' },
  metadata: meta('2026-01-01T00:00:00.000Z'),
});
let n = 0;
const message = (
  userId: string,
  occurredAt: string,
  opts: { id?: string; clientId?: string; teamId?: string } = {},
): NewEvent => ({
  type: 'MessageSent',
  data: {
    teamId: opts.teamId ?? 't1',
    messageId: opts.id ?? `m${++n}`,
    userId,
    text: 'hi',
    mediaUrl: null,
    clientId: opts.clientId ?? null,
  },
  metadata: meta(occurredAt),
});
/** An answer for the occurrence at 18:00 UTC on `day`: the decider records the occurrence's ISO start. */
const rsvp = (userId: string, eventId: string, day: string, status: string, occurredAt: string): NewEvent => ({
  type: 'RsvpRecorded',
  data: { eventId, teamId: 't1', occurrenceDate: `${day}T18:00:00.000Z`, userId, status },
  metadata: meta(occurredAt),
});
const upload = (userId: string, mediaId: string, occurredAt: string): NewEvent => ({
  type: 'MediaUploaded',
  data: {
    mediaId,
    teamId: 't1',
    uploaderId: userId,
    kind: 'photo',
    title: 'p',
    description: '',
    url: `/api/media/${mediaId}.jpg`,
  },
  metadata: meta(occurredAt),
});

async function append(f: Fixture, stream: string, ...events: NewEvent[]) {
  f.last = (await f.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
}

const now = new Date('2026-01-06T12:00:00Z');

for (const kind of await testDatabaseKinds()) {
  describe(`rewards projector on ${kind}`, () => {
    it('given 12 messages in a day, grants 2 XP for the first 10 only; the next day earns again and the streak grows', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'chat-t1', ...Array.from({ length: 12 }, (_, i) => message('u1', at('2026-01-05', i))));
      await append(f, 'chat-t1', message('u1', at('2026-01-06')));
      await project(f);

      const me = await getMyRewards(f.database.db, 'u1', { limit: 50, now });
      expect(me).toMatchObject({ xp: 22, dulars: 11, streak: 2 });
      expect(me.history).toHaveLength(11);
      expect(me.history[0]).toMatchObject({
        action: 'chat_message',
        xp: 2,
        dulars: 1,
        teamId: 't1',
        at: at('2026-01-06'),
      });
      expect(me.badges.find((b) => b.id === 'first_message')?.earnedAt).toBe(at('2026-01-05', 0));
      expect(me.badges.find((b) => b.id === 'chatterbox')?.earnedAt).toBeNull();
      // GET /api/user reads the users row: it carries the same totals.
      expect(await findUserById(f.database.db, 'u1', now)).toMatchObject({ xp: 22, dulars: 11, streak: 2 });
      const counters = await sql<{ count: number; xp: number }>`SELECT count, xp FROM reward_counters
        WHERE user_id = 'u1' AND day = '2026-01-05' AND action = 'chat_message'`.execute(f.database.db);
      expect(counters.rows[0]).toEqual({ count: 12, xp: 20 });
      // A streak missed for a whole day reads as 0, on the rewards and on the user alike.
      const later = new Date('2026-01-09T00:00:00Z');
      expect((await getMyRewards(f.database.db, 'u1', { limit: 1, now: later })).streak).toBe(0);
      expect((await findUserById(f.database.db, 'u1', later))?.streak).toBe(0);
    });

    it('pages the history newest first with a cursor', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'chat-t1', ...Array.from({ length: 5 }, (_, i) => message('u1', at('2026-01-05', i))));
      await project(f);
      const first = await getMyRewards(f.database.db, 'u1', { limit: 2, now });
      expect(first.history.map((h) => h.at)).toEqual([at('2026-01-05', 4), at('2026-01-05', 3)]);
      const second = await getMyRewards(f.database.db, 'u1', { limit: 2, now, before: first.nextCursor! });
      expect(second.history.map((h) => h.at)).toEqual([at('2026-01-05', 2), at('2026-01-05', 1)]);
      const third = await getMyRewards(f.database.db, 'u1', { limit: 2, now, before: second.nextCursor! });
      expect(third.history.map((h) => h.at)).toEqual([at('2026-01-05', 0)]);
      expect(third.nextCursor).toBeNull();
    });

    it('rewards the account that answers for a roster player as for its own answer: once per occurrence, whoever it answers for', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Pat'));
      const forPlayer = (playerId: string, day: string, status: string, occurredAt: string): NewEvent => ({
        ...rsvp('u1', 'e1', day, status, occurredAt),
        data: { ...(rsvp('u1', 'e1', day, status, occurredAt).data as object), playerId },
      });
      await append(
        f,
        'calendar-e1',
        // Two children answered for the same occurrence, and the parent's own answer to it.
        forPlayer('jordan', '2026-01-07', 'yes', at('2026-01-05', 1)),
        forPlayer('sam', '2026-01-07', 'yes', at('2026-01-05', 2)),
        rsvp('u1', 'e1', '2026-01-07', 'no', at('2026-01-05', 3)),
        forPlayer('jordan', '2026-01-14', 'maybe', at('2026-01-05', 4)),
      );
      await project(f);
      const me = await getMyRewards(f.database.db, 'u1', { limit: 50, now });
      expect(me.xp).toBe(2 * 5);
      expect(me.history.map((h) => h.action)).toEqual(['rsvp', 'rsvp']);
      const totals = await sql<{ rsvps: number; rsvps_yes: number }>`
        SELECT rsvps, rsvps_yes FROM user_rewards WHERE user_id = 'u1'`.execute(f.database.db);
      expect(totals.rows[0]).toEqual({ rsvps: 2, rsvps_yes: 1 });
      expect(me.badges.find((b) => b.id === 'first_rsvp')?.earnedAt).toBe(at('2026-01-05', 1));
    });

    it('rewards a retried message once, an RSVP once per occurrence, counts distinct yes answers, and uploads', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(
        f,
        'chat-t1',
        message('u1', at('2026-01-05', 1), { id: 'same' }),
        message('u1', at('2026-01-05', 1), { id: 'same' }),
        message('u1', at('2026-01-05', 2), { clientId: 'client-1' }),
        message('u1', at('2026-01-05', 2), { clientId: 'client-1' }),
      );
      await append(
        f,
        'calendar-e1',
        rsvp('u1', 'e1', '2026-01-07', 'no', at('2026-01-05', 3)),
        rsvp('u1', 'e1', '2026-01-07', 'yes', at('2026-01-05', 4)),
        rsvp('u1', 'e1', '2026-01-07', 'yes', at('2026-01-05', 5)),
        rsvp('u1', 'e1', '2026-01-14', 'maybe', at('2026-01-05', 6)),
      );
      await append(f, 'media-p1', upload('u1', 'p1', at('2026-01-05', 7)));
      await append(f, 'media-p1', {
        type: 'MediaDeleted',
        data: { mediaId: 'p1', teamId: 't1', deletedBy: 'u1' },
        metadata: meta(at('2026-01-05', 8)),
      });
      await project(f);

      const me = await getMyRewards(f.database.db, 'u1', { limit: 50, now });
      // 2 messages × 2 + 2 occurrences × 5 + 1 upload × 10 (kept after the delete: no claw-back)
      expect(me.xp).toBe(4 + 10 + 10);
      expect(me.dulars).toBe(2 + 4 + 5);
      expect(me.history.map((h) => h.action)).toEqual(['media_upload', 'rsvp', 'rsvp', 'chat_message', 'chat_message']);
      const totals = await sql<{ rsvps: number; rsvps_yes: number; messages: number; uploads: number }>`
        SELECT rsvps, rsvps_yes, messages, uploads FROM user_rewards WHERE user_id = 'u1'`.execute(f.database.db);
      expect(totals.rows[0]).toEqual({ rsvps: 2, rsvps_yes: 1, messages: 2, uploads: 1 });
      expect(me.badges.filter((b) => b.earnedAt).map((b) => b.id)).toEqual([
        'first_message',
        'first_rsvp',
        'first_upload',
      ]);
      const sum = await sql<{
        xp: string | number;
      }>`SELECT SUM(xp) AS xp FROM reward_grants WHERE user_id = 'u1'`.execute(f.database.db);
      expect(Number(sum.rows[0]!.xp)).toBe(me.xp);
    });

    it('ranks team contributors by the XP they earned in the team', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'user-u2', registered('u2', 'Bob'));
      await append(
        f,
        'calendar-e1',
        rsvp('u1', 'e1', '2026-01-03', 'yes', at('2026-01-02', 1)),
        rsvp('u2', 'e1', '2026-01-03', 'no', at('2026-01-02', 2)),
        rsvp('u2', 'e1', '2026-01-03', 'maybe', at('2026-01-02', 3)),
      );
      await append(f, 'chat-t1', message('u2', at('2026-01-05', 1)), message('u2', at('2026-01-05', 2)));
      await project(f);
      const top = await topTeamContributors(f.database.db, 't1', new Date('2025-12-30T00:00:00Z'));
      expect(top).toEqual([
        { userId: 'u2', name: 'Bob', xp: 9 },
        { userId: 'u1', name: 'Alice', xp: 5 },
      ]);
      expect(await topTeamContributors(f.database.db, 't2', new Date('2025-12-30T00:00:00Z'))).toEqual([]);
    });

    it('property: for any mix of actions over a few days, caps hold per day and totals are the sum of the grants', async () => {
      const step = fc.record({
        kind: fc.constantFrom('message', 'rsvp', 'upload'),
        user: fc.constantFrom('u1', 'u2'),
        day: fc.integer({ min: 1, max: 3 }),
        occurrence: fc.integer({ min: 1, max: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
          const f = await fixture(kind);
          await append(f, 'user-u1', registered('u1', 'Alice'));
          await append(f, 'user-u2', registered('u2', 'Bob'));
          const events = steps.map((s, i) => {
            const when = at(`2026-01-0${s.day}`, i % 60);
            if (s.kind === 'message') return message(s.user, when);
            if (s.kind === 'rsvp') return rsvp(s.user, 'e1', `2026-02-0${s.occurrence}`, 'yes', when);
            return upload(s.user, `p${i}`, when);
          });
          await append(f, 'mixed', ...events);
          await project(f, 7);
          const over = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reward_counters
            WHERE xp > CASE action WHEN 'chat_message' THEN ${rewardTable.chat_message.dailyXpCap}::int
              WHEN 'rsvp' THEN ${rewardTable.rsvp.dailyXpCap}::int ELSE ${rewardTable.media_upload.dailyXpCap}::int END`.execute(
            f.database.db,
          );
          expect(over.rows[0]!.n).toBe(0);
          const mismatched = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users u
            WHERE u.xp <> COALESCE((SELECT SUM(xp) FROM reward_grants g WHERE g.user_id = u.id), 0)
               OR u.dulars <> COALESCE((SELECT SUM(dulars) FROM reward_grants g WHERE g.user_id = u.id), 0)`.execute(
            f.database.db,
          );
          expect(mismatched.rows[0]!.n).toBe(0);
          await Promise.all(
            open
              .splice(0)
              .reverse()
              .map((close) => close()),
          );
        }),
        { numRuns: 4 },
      );
    });

    it('yields the same rows on a rebuild, whatever the batch size', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'user-u2', registered('u2', 'Bob'));
      for (let d = 1; d <= 4; d++) {
        const day = `2026-01-0${d}`;
        await append(
          f,
          'chat-t1',
          ...Array.from({ length: 6 }, (_, i) => message(i % 2 ? 'u1' : 'u2', at(day, i))),
          rsvp('u1', 'e1', day, 'yes', at(day, 20)),
        );
        await append(f, `media-x${d}`, upload('u2', `x${d}`, at(day, 30)));
      }
      await project(f, 3);
      const snapshot = async () => {
        const tables = ['reward_grants', 'reward_counters', 'user_badges', 'user_rewards', 'reward_seen'];
        const out: Record<string, unknown[]> = {};
        for (const t of tables) {
          const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(f.database.db);
          out[t] = rows.rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
        }
        const users = await sql`SELECT id, xp, dulars, streak FROM users ORDER BY id`.execute(f.database.db);
        out.users = users.rows;
        return out;
      };
      const live = await snapshot();
      expect(live.users).toEqual([
        { id: 'u1', xp: 4 * (3 * 2 + 5), dulars: 4 * (3 + 2), streak: 4 },
        { id: 'u2', xp: 4 * (3 * 2 + 10), dulars: 4 * (3 + 5), streak: 4 },
      ]);
      await rebuildProjections({ ...f, logger, projectors: [rewardsProjector], until: f.last! });
      expect(await snapshot()).toEqual(live);
    });
  });
}

describe('rewards projector: who is told when play moves rewards', () => {
  const decided = (): RecordedEvent[] => {
    const sent = (minutes: number) => ({
      matchId: 'm1',
      by: 'coach',
      at: new Date(Date.parse('2026-03-01T10:00:00.000Z') + minutes * 60_000).toISOString(),
    });
    const commands: MatchCommand[] = [
      {
        type: 'ScheduleMatch',
        data: {
          ...sent(-60),
          seasonId: 's1',
          orgId: 'o1',
          sportId: 'soccer',
          teamAId: 'ta',
          teamBId: 'tb',
          startTime: '2026-03-01T10:00:00.000Z',
          location: null,
          format: null,
        },
      },
      {
        type: 'AddParticipant',
        data: {
          ...sent(-30),
          participantId: 'p1',
          userId: 'u-ava',
          playerId: 'r-ava',
          name: 'Ava',
          teamId: 'ta',
          positionId: null,
          isStarter: true,
        },
      },
      {
        type: 'AddParticipant',
        data: {
          ...sent(-30),
          participantId: 'p2',
          userId: null,
          playerId: 'r-bo',
          name: 'Bo',
          teamId: 'tb',
          positionId: null,
          isStarter: true,
        },
      },
      { type: 'StartMatch', data: sent(0) },
      {
        type: 'RecordStat',
        data: { ...sent(5), statId: 's1', participantId: 'p1', statType: 'goals', value: 1, context: null },
      },
      {
        type: 'RecordStat',
        data: { ...sent(6), statId: 's2', participantId: 'p1', statType: 'shots', value: 2, context: null },
      },
      {
        type: 'RecordStat',
        data: { ...sent(7), statId: 's3', participantId: 'p2', statType: 'goals', value: 1, context: null },
      },
      { type: 'RetractStat', data: { ...sent(8), statId: 's1', reason: 'Offside' } },
    ];
    let state = matchDecider.initialState;
    const events: RecordedEvent[] = [];
    for (const command of commands) {
      for (const e of matchDecider.decide(command, state)) {
        state = matchDecider.evolve(state, e);
        events.push({
          id: `e${events.length}`,
          stream: 'match-m1',
          revision: events.length,
          position: { commit: BigInt(events.length), prepare: BigInt(events.length) },
          type: e.type,
          data: e.data,
          metadata: meta(command.data.at),
        } as unknown as RecordedEvent);
      }
    }
    return events;
  };

  it("tells the scorer's account and their team's roster (their guardians' view) about rewarded stats only", () => {
    const events = decided();
    const stats = events.filter((e) => e.type === 'StatRecorded' || e.type === 'StatRetracted');
    expect(stats).toHaveLength(4);
    expect(rewardsProjector.changes!(events)).toEqual({ teams: ['ta'], users: ['u-ava'] });
    expect(rewardsProjector.afterCommit!(events)).toEqual([
      { subject: 'sideline.user.u-ava.rewards', data: { type: 'rewards_changed', payload: { userId: 'u-ava' } } },
      { subject: 'sideline.team.ta.players', data: { type: 'team_players_changed', payload: { teamId: 'ta' } } },
    ]);
    // A shot earns nothing, and a roster player without an account is credited nowhere.
    expect(
      rewardsProjector.afterCommit!(events.filter((e) => (e.data as { statId?: string }).statId !== 's1')),
    ).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDecider, userStream } from '@sideline/domain';
import {
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  eventStoreMigrations,
  type BusMessage,
  type Database,
  type RecordedEvent,
} from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { checkpointMigrations } from '../src/runner/checkpoints.ts';
import { ProjectionProgress, projectionsSubject, type ProjectionReport } from '../src/runner/progress.ts';
import { ProjectionRunner } from '../src/runner/projection-runner.ts';
import type { Projector } from '../src/runner/projector.ts';
import {
  changesFromEventData,
  membersScope,
  parseChanges,
  ReadModelVersions,
  teamScope,
  userScope,
} from '../src/runner/read-model-changes.ts';
import { usersMigrations } from '../src/identity/users-read-model.ts';
import { usersProjector } from '../src/identity/users-projector.ts';

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ type, data, metadata: {} }) as unknown as RecordedEvent;

describe('read-model versions', () => {
  it('keeps an answer fresh until one of its scopes changes after it was read', () => {
    const versions = new ReadModelVersions();
    const stamp = versions.stamp();
    versions.changed({ teams: ['b'], users: [] });
    expect(versions.isFresh(stamp, [teamScope('a'), userScope('u')])).toBe(true);
    expect(versions.isFresh(stamp, [teamScope('b')])).toBe(false);
    // Read after that change: fresh again.
    const later = versions.stamp();
    expect(versions.isFresh(later, [teamScope('b')])).toBe(true);
    versions.changed({ teams: [], users: ['u'] });
    expect(versions.isFresh(later, [teamScope('b')])).toBe(true);
    expect(versions.isFresh(later, [teamScope('a'), userScope('u')])).toBe(false);
  });

  it("keeps a team's memberships fresh through its chat, until the teams projector says they changed", () => {
    const versions = new ReadModelVersions();
    const team = randomUUID();
    const stamp = versions.stamp();
    // A chat message changes the team's rows, not who is in it.
    versions.changed({ teams: [team], users: [] });
    expect(versions.isFresh(stamp, [teamScope(team)])).toBe(false);
    expect(versions.isFresh(stamp, [membersScope(team)])).toBe(true);
    // A join (the teams projector) changes both; the wire form keeps the members.
    versions.changed(parseChanges({ teams: [team], users: [], members: [team] })!);
    expect(versions.isFresh(stamp, [membersScope(team)])).toBe(false);
    expect(parseChanges({ teams: [], users: [], members: 'x' })).toBe('everything');
  });

  it('takes everything as changed after a change it cannot place', () => {
    const versions = new ReadModelVersions();
    const stamp = versions.stamp();
    versions.changed('everything');
    expect(versions.isFresh(stamp, [teamScope('a')])).toBe(false);
    expect(versions.isFresh(stamp, [])).toBe(false);
    expect(versions.isFresh(versions.stamp(), [teamScope('a')])).toBe(true);
  });

  it("places events by their data's team (and named user fields); an event without a team changes everything", () => {
    expect(
      changesFromEventData(
        [
          recorded('MemberJoined', { teamId: 't1', userId: 'u1' }),
          recorded('TeamCreated', { teamId: 't2', creatorId: 'u2' }),
        ],
        ['userId', 'creatorId'],
      ),
    ).toEqual({ teams: ['t1', 't2'], users: ['u1', 'u2'] });
    expect(changesFromEventData([recorded('MessageSent', { teamId: 't1', userId: 'u1' })])).toEqual({
      teams: ['t1'],
      users: [],
    });
    expect(changesFromEventData([recorded('Odd', { userId: 'u1' })])).toBe('everything');
  });
});

/** A projector that declares nothing about what it changes. */
const silentMigrations: Record<string, Migration> = {
  '1900_test_silent': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE test_silent (id text PRIMARY KEY)`.execute(db);
    },
  },
};
const silentProjector: Projector = {
  name: 'silent',
  handles: ['SilentRecorded'],
  tables: ['test_silent'],
  async apply(trx, events) {
    for (const event of events) await sql`INSERT INTO test_silent (id) VALUES (${event.id})`.execute(trx);
  },
};

describe('change notices from the projection runner', () => {
  const open: Array<() => Promise<void>> = [];
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(
      { ...eventStoreMigrations, ...checkpointMigrations, ...usersMigrations, ...silentMigrations },
      'pglite',
    );
  });
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("marks a change before a reader waiting for its position goes on, and leaves other scopes' answers fresh", async () => {
    const eventStore = createPostgresEventStore(database);
    const bus = createInProcessBus();
    // The api side hears positions over the bus only, as a process without projectors does.
    const apiSide = new ProjectionProgress(bus, ['users', 'silent']);
    const runnerSide = new ProjectionProgress(bus, ['users', 'silent']);
    const runner = new ProjectionRunner({
      database,
      eventStore,
      bus,
      logger: createLogger({ level: 'silent' }),
      projectors: [usersProjector, silentProjector],
      progress: runnerSide,
    });
    open.push(
      () => eventStore.close(),
      () => bus.close(),
      async () => apiSide.close(),
      async () => runnerSide.close(),
      () => runner.stop(),
    );
    const notices: BusMessage[] = [];
    bus.subscribe(projectionsSubject, (message) => void notices.push(message));
    await runner.start();

    const userId = randomUUID();
    const bystander = randomUUID();
    const stamp = apiSide.versions.stamp();
    const events = userDecider.decide(
      { type: 'RegisterUser', data: { userId, name: 'Noa Notice', email: `${userId}@example.com`, role: 'parent' } },
      userDecider.initialState,
    );
    const { position } = await eventStore.appendToStream(
      userStream(userId),
      events.map((e) => ({
        ...e,
        metadata: { actorId: userId, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      })),
      { expectedRevision: 'no_stream' },
    );
    expect(await apiSide.waitFor(position, 5000)).toBe(true);
    expect(apiSide.versions.isFresh(stamp, [userScope(userId)])).toBe(false);
    expect(apiSide.versions.isFresh(stamp, [userScope(bystander), teamScope(randomUUID())])).toBe(true);
    expect(runnerSide.versions.isFresh(stamp, [userScope(userId)])).toBe(false);
    // One notice per batch carries every projector's position; the users projector's says what changed.
    const reports = notices.flatMap((n) => (n.data as { reports: ProjectionReport[] }).reports);
    expect(reports.find((r) => r.name === 'users' && r.changes)).toMatchObject({
      changes: { teams: [], users: [userId] },
    });

    // A projector that does not say what it changed empties every cache.
    const before = apiSide.versions.stamp();
    const silent = await eventStore.appendToStream(
      'silent-1',
      [
        {
          type: 'SilentRecorded',
          data: {},
          metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(await apiSide.waitFor(silent.position, 5000)).toBe(true);
    expect(apiSide.versions.isFresh(before, [userScope(bystander)])).toBe(false);
  });
});

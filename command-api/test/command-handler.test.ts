import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type Decider } from '@sideline/domain';
import {
  WrongExpectedRevisionError,
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  eventStoreMigrations,
} from '@sideline/infra';
import { createTestDatabase, type TestDatabase } from '@sideline/infra/testing';
import { ProjectionProgress } from '@sideline/projections';
import { createCommandHandler } from '../src/shared/command-handler.ts';

type Add = { type: 'Add'; data: { by: number; limit: number } };
type Added = { type: 'Added'; data: { by: number; total: number } };

/** A counter whose total must stay under a limit: a decision that depends on the stream's state. */
const counter: Decider<Add, Added, { total: number }> = {
  initialState: { total: 0 },
  decide(command, state) {
    const total = state.total + command.data.by;
    if (total > command.data.limit) throw new DomainError('conflict', 'LIMIT', 'over the limit');
    return [{ type: 'Added', data: { by: command.data.by, total } }];
  },
  evolve: (state, event) => ({ total: event.data.total }),
};

let database: TestDatabase;
const bus = createInProcessBus();
// No projectors here: waits succeed at once, so this suite isolates load/decide/append/retry.
const progress = new ProjectionProgress(bus, []);

beforeAll(async () => {
  database = await createTestDatabase(eventStoreMigrations);
});
afterAll(async () => {
  progress.close();
  await bus.close();
  await database.close();
});

describe('command handler', () => {
  it('serialises concurrent commands on one stream by retrying on a stale revision', async () => {
    const eventStore = createPostgresEventStore(database);
    const handle = createCommandHandler({
      eventStore,
      progress,
      logger: createLogger({ level: 'silent' }),
      maxAttempts: 20,
    });
    await Promise.all(
      Array.from({ length: 8 }, () =>
        handle(counter, 'counter-a', { type: 'Add', data: { by: 1, limit: 100 } }, { actorId: 'u1' }),
      ),
    );
    const events = await eventStore.readStream('counter-a');
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Each decision saw the state its predecessor left: totals are 1..8, never a lost update.
    expect(events.map((e) => (e.data as Added['data']).total)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events[0]!.metadata).toMatchObject({ actorId: 'u1', causationId: null });
    await eventStore.close();
  });

  it("refuses with the decider's error and appends nothing when the rule is broken", async () => {
    const eventStore = createPostgresEventStore(database);
    const handle = createCommandHandler({ eventStore, progress, logger: createLogger({ level: 'silent' }) });
    await handle(counter, 'counter-b', { type: 'Add', data: { by: 3, limit: 3 } }, { actorId: null });
    await expect(
      handle(counter, 'counter-b', { type: 'Add', data: { by: 1, limit: 3 } }, { actorId: null }),
    ).rejects.toMatchObject({
      code: 'LIMIT',
    });
    expect(await eventStore.readStream('counter-b')).toHaveLength(1);
    await eventStore.close();
  });

  it('gives up with a typed conflict after its bounded attempts', async () => {
    const eventStore = createPostgresEventStore(database);
    const handle = createCommandHandler({
      eventStore,
      progress,
      logger: createLogger({ level: 'silent' }),
      maxAttempts: 1,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        handle(counter, 'counter-c', { type: 'Add', data: { by: 1, limit: 100 } }, { actorId: null }),
      ),
    );
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of rejected) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await eventStore.readStream('counter-c')).toHaveLength(results.length - rejected.length);
    await eventStore.close();
  });
});

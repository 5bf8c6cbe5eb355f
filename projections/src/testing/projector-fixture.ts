import { afterEach } from 'vitest';
import {
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  eventStoreMigrations,
  type Bus,
  type BusMessage,
  type Database,
  type EventStore,
  type Position,
} from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { projectionMigrations } from '../registry.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import type { Projector } from '../runner/projector.ts';

/** A fresh event store and read-model database for one projector test, with the team notifications it published. */
export interface ProjectorFixture {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  published: BusMessage[];
  /** Position of the test's last append: what `project` waits for. */
  last: Position | null;
}

/**
 * Test helper for projector suites (call at module level; it registers its own cleanup).
 * `project` waits for the test's own last append, never the head: on a shared PostgreSQL server
 * another test's open transaction holds back the cluster-wide snapshot xmin.
 */
export function projectorFixtures(projectors: readonly Projector[]) {
  const logger = createLogger({ level: 'silent' });
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });
  return {
    async fixture(kind: 'pglite' | 'postgres'): Promise<ProjectorFixture> {
      const database = await createTestDatabase({ ...eventStoreMigrations, ...projectionMigrations }, kind);
      const eventStore = createPostgresEventStore(database);
      const bus = createInProcessBus();
      const published: BusMessage[] = [];
      bus.subscribe('sideline.team.*.>', (message) => void published.push(message));
      open.push(
        () => database.close(),
        () => eventStore.close(),
        () => bus.close(),
      );
      return { database, eventStore, bus, published, last: null };
    },
    async project(f: ProjectorFixture): Promise<void> {
      const runner = new ProjectionRunner({ ...f, logger, projectors, retryDelaysMs: [5] });
      await runner.start();
      await runner.waitUntil(f.last!);
      await runner.stop();
      // What the projectors announced has reached the bus's subscribers (`published`) too.
      await f.bus.flush();
    },
  };
}

import path from 'node:path';
import type { Bus } from './bus/port.ts';
import { createInProcessBus, createNatsBus } from './bus/index.ts';
import type { Config } from './config/config.ts';
import { createDatabase } from './db/create-database.ts';
import type { Database } from './db/port.ts';
import { openEventStoreDbEventStore } from './event-store/eventstoredb/index.ts';
import type { EventStore } from './event-store/port.ts';
import { createPostgresEventStore } from './event-store/postgres/index.ts';
import type { Logger } from './logger.ts';

export interface Infrastructure {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  close(): Promise<void>;
}

/**
 * The infrastructure of the configured run mode: PGlite + in-process bus (embedded), PostgreSQL
 * + NATS (services), EventStoreDB for events (EventStoreDB mode).
 */
export async function openInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const database = await createDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { dataDir: path.resolve(config.DATA_DIR), pgliteThread: config.PGLITE_THREAD },
  );
  const eventStore = config.EVENTSTORE_URL
    ? await openEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
    : createPostgresEventStore(database);
  let bus: Bus;
  try {
    bus = config.NATS_URL
      ? await createNatsBus({ servers: config.NATS_URL, name: `sideline-${config.SIDELINE_ROLE}`, log: logger })
      : createInProcessBus({ log: logger });
  } catch (error) {
    await eventStore.close();
    await database.close();
    throw new Error(`Cannot reach NATS at ${config.NATS_URL}: ${(error as Error).message}`, { cause: error });
  }
  return {
    database,
    eventStore,
    bus,
    async close() {
      await bus.close();
      await eventStore.close();
      await database.close();
    },
  };
}

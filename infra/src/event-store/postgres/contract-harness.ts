import type { Database } from '../../db/port.ts';
import type { ContractSetup } from '../contract.test-suite.ts';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Contract-suite setup for the PostgreSQL adapter: every harness of a test file shares one
 * database (opened on first use, closed with the last harness).
 */
export function postgresContractSetup(
  openDatabase: () => Promise<Database>,
  storeOptions: PostgresEventStoreOptions = {},
): ContractSetup {
  let database: Promise<Database> | undefined;
  let open = 0;
  return async ({ upcast }) => {
    database ??= openDatabase();
    const db = await database;
    open += 1;
    const store = createPostgresEventStore(db, { ...storeOptions, ...(upcast && { upcast }) });
    return {
      store,
      async appendHeldOpen(stream, events, expectedRevision, holdMs) {
        await db.db.transaction().execute(async (trx) => {
          await store.appendInTransaction(trx, stream, events, { expectedRevision });
          await sleep(holdMs);
        });
      },
      async close() {
        await store.close();
        open -= 1;
        if (open === 0) await db.close();
      },
    };
  };
}

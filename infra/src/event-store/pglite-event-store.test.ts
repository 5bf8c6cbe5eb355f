import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.ts';
import { eventStoreContract, newEvent } from './contract.test-suite.ts';
import { eventStoreMigrations } from './index.ts';
import { postgresContractSetup } from './postgres/contract-harness.ts';
import { createPostgresEventStore } from './postgres/postgres-event-store.ts';

describe('PostgreSQL event store on PGlite in a worker thread (as the embedded server runs it)', () => {
  eventStoreContract(
    postgresContractSetup(() => createTestDatabase(eventStoreMigrations, 'pglite', { pgliteThread: 'worker' })),
  );
});

describe('PostgreSQL event store on PGlite', () => {
  eventStoreContract(postgresContractSetup(() => createTestDatabase(eventStoreMigrations, 'pglite')));

  it('queues other callers behind a transaction held open on the single connection', async () => {
    const database = await createTestDatabase(eventStoreMigrations, 'pglite');
    try {
      const store = createPostgresEventStore(database);
      const order: string[] = [];
      const held = database.db.transaction().execute(async (trx) => {
        await store.appendInTransaction(trx, 'held', [newEvent('Held', {})], { expectedRevision: 'no_stream' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        order.push('held committed');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const other = store
        .appendToStream('other', [newEvent('Other', {})], { expectedRevision: 'no_stream' })
        .then(() => order.push('other appended'));
      const read = store.readAll({ limit: 10 }).then((events) => {
        order.push('read');
        return events;
      });
      await Promise.all([held, other, read]);
      expect(order).toEqual(['held committed', 'other appended', 'read']);
      expect((await read).map((e) => e.stream)).toEqual(['held', 'other']);
      await store.close();
    } finally {
      await database.close();
    }
  });
});

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.ts';
import { eventStoreContract, newEvent } from './contract.test-suite.ts';
import { eventStoreMigrations } from './index.ts';
import { postgresContractSetup } from './postgres/contract-harness.ts';
import { createPostgresEventStore } from './postgres/postgres-event-store.ts';
import { escapeLiteral } from './postgres/append-sql.ts';

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

describe('appends inlined as literals on PGlite', () => {
  const tricky = [
    '',
    "it's",
    "''",
    'C:\\path\\to',
    "\\'; DROP TABLE es_events; --",
    "\\\\'",
    'émoji 🏟️ and ünïcode',
    '{"text":"a \\"quoted\\" word\\n"}',
  ];

  it('escapes every string exactly as pg.escapeLiteral does', () => {
    for (const text of tricky) expect(escapeLiteral(text)).toBe(pg.escapeLiteral(text));
  });

  it('stores and reads back data with quotes, backslashes and unicode unchanged', async () => {
    const database = await createTestDatabase(eventStoreMigrations, 'pglite');
    try {
      const store = createPostgresEventStore(database);
      const stream = "team's \\ chat";
      await store.appendToStream(
        stream,
        tricky.map((text) => newEvent('Said', { text })),
        { expectedRevision: 'no_stream' },
      );
      const events = await store.readStream(stream);
      expect(events.map((e) => (e.data as { text: string }).text)).toEqual(tricky);
      await store.close();
    } finally {
      await database.close();
    }
  });
});

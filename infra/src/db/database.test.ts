import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/index.ts';

const kinds = await testDatabaseKinds();

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// 'pglite-worker': PGlite in a worker thread, as the embedded server runs it (PGLITE_THREAD).
describe.each([...kinds, 'pglite-worker' as const])('database on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database =
      kind === 'pglite-worker'
        ? await createTestDatabase({}, 'pglite', { pgliteThread: 'worker' })
        : await createTestDatabase({}, kind);
  });
  afterAll(() => database?.close());

  it('returns int8 as bigint and timestamptz as Date', async () => {
    const { rows } = await sql<{ big: bigint; small: number; at: Date; count: bigint; arr: bigint[] }>`
      SELECT 9007199254740993::int8 AS big, 7::int4 AS small, '2025-01-02T03:04:05Z'::timestamptz AS at,
             count(*) AS count, ARRAY[1, 2]::int8[] AS arr
    `.execute(database.db);
    expect(rows[0]).toEqual({
      big: 9007199254740993n,
      small: 7,
      at: new Date('2025-01-02T03:04:05Z'),
      count: 1n,
      arr: [1n, 2n],
    });
  });

  it.skipIf(kind === 'postgres')("keeps PGlite's buffer pool small: its pages are in memory already", async () => {
    const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(database.db);
    expect(rows[0]!.shared_buffers).toBe('16MB');
  });

  it.skipIf(kind === 'postgres')(
    'creates PGlite WAL segments without zeroing 16 MB first (which held every statement behind the one that crossed)',
    async () => {
      const { rows } = await sql<{ wal_init_zero: string }>`SHOW wal_init_zero`.execute(database.db);
      expect(rows[0]!.wal_init_zero).toBe('off');
    },
  );

  it.skipIf(kind !== 'postgres')(
    'keeps its pooled connections through a quiet spell longer than 10 s (each new one is a new backend to fork and warm)',
    { timeout: 30_000 },
    async () => {
      // Five at once: the pool opens five connections, as a busy moment does.
      const backends = async () =>
        (
          await Promise.all(
            Array.from({ length: 5 }, () =>
              sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(database.db),
            ),
          )
        ).map(({ rows }) => rows[0]!.pid);
      const before = new Set(await backends());
      expect(before.size).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(new Set(await backends())).toEqual(before);
    },
  );

  it("reports PostgreSQL's error fields (SQLSTATE, constraint) as the driver does", async () => {
    await sql`CREATE TABLE IF NOT EXISTS dup_test (id text PRIMARY KEY)`.execute(database.db);
    await sql`INSERT INTO dup_test VALUES ('a')`.execute(database.db);
    await expect(sql`INSERT INTO dup_test VALUES ('a')`.execute(database.db)).rejects.toMatchObject({
      code: '23505',
      constraint: 'dup_test_pkey',
      message: expect.stringContaining('duplicate key'),
    });
    // The connection goes on after the error.
    expect(await database.ping()).toBe(true);
  });

  it('answers ping', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('delivers NOTIFY payloads to listeners until they unlisten', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const stopA = await database.listen('test_channel', (p) => a.push(p));
    const stopB = await database.listen('test_channel', (p) => b.push(p));
    await sql`SELECT pg_notify('test_channel', 'one')`.execute(database.db);
    await until(() => a.length === 1 && b.length === 1);
    await stopA();
    await sql`SELECT pg_notify('test_channel', 'two')`.execute(database.db);
    await until(() => b.length === 2);
    await stopB();
    expect(a).toEqual(['one']);
    expect(b).toEqual(['one', 'two']);
  });

  it('delivers a NOTIFY sent inside a transaction only on commit', async () => {
    const seen: string[] = [];
    const stop = await database.listen('tx_channel', (p) => seen.push(p));
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_notify('tx_channel', 'rolled back')`.execute(trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_notify('tx_channel', 'committed')`.execute(trx);
    });
    await until(() => seen.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['committed']);
    await stop();
  });

  it('does not let LISTEN join (and roll back with) a transaction held open by someone else', async () => {
    const seen: string[] = [];
    let listening: Promise<() => Promise<void>> | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        listening = database.listen('held_channel', (p) => seen.push(p));
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const stop = await listening!;
    await sql`SELECT pg_notify('held_channel', 'still listening')`.execute(database.db);
    await until(() => seen.length === 1);
    await stop();
  });

  it("keeps other callers' statements out of an open transaction: its rollback takes none of them", async () => {
    await sql`CREATE TABLE IF NOT EXISTS held_rows (id text PRIMARY KEY)`.execute(database.db);
    const others: Array<Promise<unknown>> = [];
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO held_rows VALUES ('in the transaction')`.execute(trx);
        others.push(sql`INSERT INTO held_rows VALUES ('outside')`.execute(database.db));
        others.push(
          database.db
            .transaction()
            .execute((other) => sql`INSERT INTO held_rows VALUES ('another transaction')`.execute(other)),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sql`INSERT INTO held_rows VALUES ('also in the transaction')`.execute(trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await Promise.all(others);
    const { rows } = await sql<{ id: string }>`SELECT id FROM held_rows ORDER BY id`.execute(database.db);
    expect(rows.map((r) => r.id)).toEqual(['another transaction', 'outside']);
  });

  it('runs a transaction at the isolation level asked for, and one without statements ends cleanly', async () => {
    const level = await database.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (await sql<{ l: string }>`SELECT current_setting('transaction_isolation') AS l`.execute(trx)).rows[0]!.l,
      );
    expect(level).toBe('serializable');
    await database.db.transaction().execute(async () => undefined);
    await database.db
      .transaction()
      .execute(async () => {
        throw new Error('nothing ran');
      })
      .catch(() => undefined);
    const { rows } = await sql<{ l: string }>`SELECT current_setting('transaction_isolation') AS l`.execute(
      database.db,
    );
    expect(rows[0]!.l).toBe('read committed');
  });
});

if (kinds.includes('postgres')) {
  describe('database on postgres: LISTEN connection', () => {
    it('reconnects and listens again after its connection is terminated', async () => {
      const database = await createTestDatabase({}, 'postgres');
      try {
        const seen: string[] = [];
        const stop = await database.listen('survivor', (p) => seen.push(p));
        const killed = await sql<{ n: bigint }>`
          SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'sideline-listener'
        `.execute(database.db);
        expect(killed.rows[0]!.n).toBe(1n);
        // Notify until one arrives: the listener reconnects after a short delay.
        const deadline = Date.now() + 10_000;
        while (seen.length === 0 && Date.now() < deadline) {
          await sql`SELECT pg_notify('survivor', 'back')`.execute(database.db);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(seen[0]).toBe('back');
        await stop();
      } finally {
        await database.close();
      }
    });
  });
}

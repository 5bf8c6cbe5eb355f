import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from './create-database.ts';

it('keeps PGlite data under dataDir/pglite across restarts', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sideline-data-'));
  try {
    const first = await createDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await sql`CREATE TABLE kept (v int8)`.execute(first.db);
    await sql`INSERT INTO kept VALUES (42)`.execute(first.db);
    await first.close();

    const second = await createDatabase({ dataDir });
    try {
      expect((await sql<{ v: bigint }>`SELECT v FROM kept`.execute(second.db)).rows).toEqual([{ v: 42n }]);
    } finally {
      await second.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);

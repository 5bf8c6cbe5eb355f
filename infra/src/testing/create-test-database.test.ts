import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from './index.ts';

const kinds = await testDatabaseKinds();

const migrations = {
  '0001_things': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)`.execute(db);
    },
  },
};

describe.each(kinds)('createTestDatabase on %s', (kind) => {
  it('gives every caller a fresh migrated database and drops it on close', async () => {
    const [a, b] = await Promise.all([createTestDatabase(migrations, kind), createTestDatabase(migrations, kind)]);
    try {
      expect(a.kind).toBe(kind);
      await sql`INSERT INTO things VALUES (1, 'only in a')`.execute(a.db);
      expect((await sql`SELECT * FROM things`.execute(a.db)).rows).toHaveLength(1);
      expect((await sql`SELECT * FROM things`.execute(b.db)).rows).toHaveLength(0);
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(b.db);
      expect(applied.rows.map((r) => r.name)).toEqual(['0001_things']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    if (kind === 'postgres') {
      const name = new URL(a.url!).pathname.slice(1);
      const check = await createTestDatabase({}, 'postgres');
      try {
        const left = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`.execute(check.db);
        expect(left.rows).toHaveLength(0);
      } finally {
        await check.close();
      }
    }
  });
});

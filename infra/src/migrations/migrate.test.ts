import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrateToLatest', () => {
  it('applies migrations in name order, once, and names the one that failed', async () => {
    const database = await createTestDatabase({}, 'pglite');
    try {
      const applied: string[] = [];
      const step = (name: string, statement?: string) => ({
        async up(db: Kysely<any>) {
          applied.push(name);
          if (statement) await sql.raw(statement).execute(db);
        },
      });
      // Packages' prefixes order them: infra 0xxx, projections 1xxx, command-api 2xxx.
      await migrateToLatest(database, {
        '2001_api': step('2001_api', 'CREATE TABLE api_things (id int REFERENCES read_things (id))'),
        '0001_infra': step('0001_infra'),
        '1001_projection': step('1001_projection', 'CREATE TABLE read_things (id int PRIMARY KEY)'),
      });
      expect(applied).toEqual(['0001_infra', '1001_projection', '2001_api']);

      await migrateToLatest(database, {
        '0001_infra': step('0001_infra'),
        '1001_projection': step('1001_projection'),
        '2001_api': step('2001_api'),
        '2002_broken': step('2002_broken', 'CREATE TABLE broken (id int REFERENCES missing (id))'),
      }).then(
        () => expect.unreachable(),
        (error: Error) => {
          expect(error.message).toMatch(/^Migration 2002_broken failed: relation "missing" does not exist/);
        },
      );
      expect(applied).toEqual(['0001_infra', '1001_projection', '2001_api', '2002_broken']);
    } finally {
      await database.close();
    }
  });

  it("applies a package's new migration on a database where a later-numbered one already ran", async () => {
    const database = await createTestDatabase({}, 'pglite');
    try {
      const table = (name: string) => ({
        async up(db: Kysely<any>) {
          await sql.raw(`CREATE TABLE ${name} (id int)`).execute(db);
        },
      });
      await migrateToLatest(database, { '0001_a': table('a'), '2001_c': table('c') });
      // A new read model (1xxx) ships after auth's 2xxx ran on an existing ./data: it must apply.
      await migrateToLatest(database, { '0001_a': table('a'), '1040_b': table('b'), '2001_c': table('c') });
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM b`.execute(database.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

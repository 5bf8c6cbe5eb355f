import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { eventStoreMigrations, migrateToLatest, type Database } from '@sideline/infra';
import { createTestDatabase, testDatabaseKinds } from '@sideline/infra/testing';
import { listActivityPage } from '../admin/admin-queries.ts';
import { projectionMigrations } from '../registry.ts';

const LOG_POSITION_MIGRATION = '1921_org_activity_log_position';
const open: Database[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});

for (const kind of await testDatabaseKinds()) {
  describe(`audit migration to log-position cursors on ${kind}`, () => {
    // Two migration runs on a fresh database: slow on PGlite on a busy machine.
    it('gives existing lines their log position, keeps their order and pages by it', { timeout: 90_000 }, async () => {
      const before = Object.fromEntries(
        Object.entries(projectionMigrations).filter(([name]) => name !== LOG_POSITION_MIGRATION),
      );
      const database = await createTestDatabase({ ...eventStoreMigrations, ...before }, kind);
      open.push(database);
      // Lines as the projector wrote them before: two events of one append share their time.
      const at = (iso: string) => new Date(iso);
      const line = (id: string, occurredAt: string, position: string) =>
        sql`INSERT INTO org_activity (id, org_id, description, occurred_at, type, position)
          VALUES (${id}, 'o1', ${id}, ${at(occurredAt)}, 'MessageSent', ${position})`.execute(database.db);
      await line('first', '2026-05-01T10:00:00Z', '700/1');
      await line('second', '2026-05-01T10:00:00Z', '700/2');
      await line('third', '2026-05-01T10:05:00Z', '9000000000/3');

      await migrateToLatest(database, { ...eventStoreMigrations, ...projectionMigrations });

      const first = await listActivityPage(database.db, 'o1', {}, { limit: 2 });
      expect(first.items.map((a) => a.id)).toEqual(['third', 'second']);
      expect(first.nextCursor).toBe('700/2');
      const next = await listActivityPage(database.db, 'o1', {}, { cursor: first.nextCursor!, limit: 2 });
      expect(next).toEqual({ items: [expect.objectContaining({ id: 'first', position: '700/1' })], nextCursor: null });
      const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
        WHERE table_name = 'org_activity' AND column_name IN ('seq', 'pos_commit', 'pos_prepare')
        ORDER BY column_name`.execute(database.db);
      expect(columns.rows.map((c) => c.column_name)).toEqual(['pos_commit', 'pos_prepare']);
      const unique = await sql`INSERT INTO org_activity (id, org_id, description, occurred_at, type, position,
          pos_commit, pos_prepare) VALUES ('again', 'o1', '', now(), 'MessageSent', '700/1', 700, 1)`
        .execute(database.db)
        .then(
          () => 'inserted',
          () => 'refused',
        );
      expect(unique).toBe('refused');
    });
  });
}

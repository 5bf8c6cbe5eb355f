import type { Migration } from 'kysely';
import type { Database } from '../db/port.ts';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import { createPostgresDatabase } from '../db/postgres-database.ts';
import { createServerDatabase, dropServerDatabase } from '../db/server-databases.ts';
import { discardPgliteSnapshot, pgliteSnapshot } from './pglite-snapshot.ts';
import {
  collectTestDatabases,
  forgetPostgresTemplate,
  postgresTemplate,
  testDatabaseName,
} from './postgres-template.ts';
import { postgresAvailable, redact, requireServices, testServerUrl, type TestDatabaseKind } from './services.ts';

export interface TestDatabase extends Database {
  /** For PostgreSQL, the fresh database's URL (to hand to code that opens its own pool). */
  readonly url: string | undefined;
}

/**
 * A fresh, migrated database for one test file; `close()` drops it. PostgreSQL when reachable
 * (a copy of a template migrated once per migration set), otherwise PGlite (loaded from a cached
 * dump). Pass `kind` to force one; forcing 'postgres' fails when it is unreachable.
 *
 *     const database = await createTestDatabase({ ...eventStoreMigrations, ...readModelMigrations });
 *     afterAll(() => database.close());
 */
export async function createTestDatabase(
  migrations: Record<string, Migration>,
  kind?: TestDatabaseKind,
  /** PGlite: in a worker thread, as the server runs it (PGLITE_THREAD), or on the test's thread. */
  options: { pgliteThread?: 'main' | 'worker' } = {},
): Promise<TestDatabase> {
  const resolved = kind ?? (await defaultKind());
  return resolved === 'postgres'
    ? createPostgresTestDatabase(migrations)
    : createPgliteTestDatabase(migrations, options.pgliteThread ?? 'main');
}

async function defaultKind(): Promise<TestDatabaseKind> {
  if (await postgresAvailable()) return 'postgres';
  if (requireServices()) {
    throw new Error(
      `PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1) but unreachable at ${redact(testServerUrl())}`,
    );
  }
  return 'pglite';
}

async function createPostgresTestDatabase(migrations: Record<string, Migration>): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  if (!(await postgresAvailable())) throw new Error(`PostgreSQL is unreachable at ${redact(serverUrl)}`);
  await collectTestDatabases(serverUrl);
  const name = testDatabaseName();
  let url: string;
  try {
    url = await createServerDatabase(serverUrl, name, { template: await postgresTemplate(serverUrl, migrations) });
  } catch (error) {
    // 3D000: the cached template was dropped meanwhile (by hand, or as unused): rebuild it once.
    if ((error as { code?: string }).code !== '3D000') throw error;
    forgetPostgresTemplate(serverUrl, migrations);
    url = await createServerDatabase(serverUrl, name, { template: await postgresTemplate(serverUrl, migrations) });
  }
  const database = createPostgresDatabase({ databaseUrl: url });
  let closing: Promise<void> | undefined;
  return {
    ...database,
    url,
    close() {
      closing ??= database.close().then(() => dropServerDatabase(serverUrl, name));
      return closing;
    },
  };
}

async function createPgliteTestDatabase(
  migrations: Record<string, Migration>,
  thread: 'main' | 'worker',
): Promise<TestDatabase> {
  let database;
  try {
    database = await createPgliteDatabase({ loadDataDir: await pgliteSnapshot(migrations), thread });
  } catch {
    await discardPgliteSnapshot(migrations);
    database = await createPgliteDatabase({ loadDataDir: await pgliteSnapshot(migrations), thread });
  }
  return Object.assign(database, { url: undefined });
}

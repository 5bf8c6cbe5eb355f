/**
 * Test harness shared by every package (`@sideline/infra/testing`).
 *
 *     const database = await createTestDatabase({ ...eventStoreMigrations, ...readModelMigrations });
 *     afterAll(() => database.close());
 *
 * Each call gives a fresh, migrated database: on PostgreSQL when reachable (a copy of a template
 * built once per migration set), else PGlite (loaded from a cached dump). Parametrised suites:
 *
 *     describe.each(await testDatabaseKinds())('… on %s', (kind) => {
 *       beforeAll(async () => { database = await createTestDatabase(migrations, kind); });
 *     });
 *
 * Under SIDELINE_REQUIRE_SERVICES=1 an unreachable PostgreSQL fails instead of being skipped.
 */
export { createTestDatabase, type TestDatabase } from './create-test-database.ts';
export {
  postgresAvailable,
  requireServices,
  testDatabaseKinds,
  testServerUrl,
  type TestDatabaseKind,
} from './services.ts';
export { parseMail, startTestSmtpServer, type TestSmtpServer } from './smtp.ts';

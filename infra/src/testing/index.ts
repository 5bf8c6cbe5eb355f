export { createTestDatabase, type TestDatabase } from './create-test-database.ts';
export {
  DEFAULT_TEST_DATABASE_URL,
  postgresAvailable,
  requireServices,
  testDatabaseKinds,
  testServerUrl,
  type TestDatabaseKind,
} from './services.ts';

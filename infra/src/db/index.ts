export * from './port.ts';
export { createDatabase, type CreateDatabaseOptions } from './create-database.ts';
export { createPgliteDatabase, type PgliteDatabase, type PgliteDatabaseOptions } from './pglite-database.ts';
export { createPostgresDatabase, type PostgresDatabaseOptions } from './postgres-database.ts';
export { createServerDatabase, dropServerDatabase, databaseUrlFor } from './server-databases.ts';
// The migrations runner lives beside the database factory in the public API.
export { migrateToLatest, type Migration } from '../migrations/index.ts';
export { scheduleEmbeddedMaintenance } from './embedded-maintenance.ts';

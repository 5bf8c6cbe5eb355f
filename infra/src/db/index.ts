export * from './port.ts';
export { createDatabase } from './create-database.ts';
export { type PgliteDatabase } from './pglite-database.ts';
export { createPostgresDatabase } from './postgres-database.ts';
// The migrations runner lives beside the database factory in the public API.
export { migrateToLatest, type Migration } from '../migrations/index.ts';
export { scheduleEmbeddedMaintenance } from './embedded-maintenance.ts';

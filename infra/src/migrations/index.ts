export { migrateToLatest, pendingMigrations, type Migration } from './migrate.ts';
export { eventStoreMigrations } from './event-store-migrations.ts';

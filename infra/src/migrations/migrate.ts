import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '../db/port.ts';

export type { Migration };

/**
 * Migration sets are plain records keyed by name. Kysely applies them in name order, so the
 * prefixes order the packages: infra `0xxx_`, projections `1xxx_`, command-api `2xxx_`. Pass the
 * combined set of every package using the database: kysely refuses to run when a previously
 * applied migration is missing from the set.
 */
export async function migrateToLatest(database: Database, migrations: Record<string, Migration>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Packages number their migrations in their own ranges (0xxx, 1xxx, 2xxx), so a feature's new
  // read model (1040_…) arrives after auth's 2002_… already ran on an existing database.
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  const message = failed
    ? `Migration ${failed.migrationName} failed: ${reason}`
    : `Migrations could not run: ${reason}`;
  throw new Error(message, { cause: error });
}

/** The migrations of the set not applied to the database yet, by name (none once it is migrated). */
export async function pendingMigrations(database: Database, migrations: Record<string, Migration>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

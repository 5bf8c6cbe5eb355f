import { randomBytes } from 'node:crypto';
import type { Migration } from 'kysely';
import pg from 'pg';
import { createPostgresDatabase } from '../db/postgres-database.ts';
import { databaseUrlFor, withClient } from '../db/server-databases.ts';
import { migrateToLatest } from '../migrations/migrate.ts';
import { migrationSetKey } from './migration-set-key.ts';

const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database for this migration set, built once per server (and
 * kept across runs). Vitest workers race to build it, so building is serialised with an
 * advisory lock, and it is built under a temporary name and renamed, so a crashed build is
 * never mistaken for a template.
 */
export function postgresTemplate(serverUrl: string, migrations: Record<string, Migration>): Promise<string> {
  const name = `sideline_tpl_${migrationSetKey(migrations)}`;
  const key = `${serverUrl}\0${name}`;
  let template = templates.get(key);
  if (!template) {
    template = buildTemplate(serverUrl, name, migrations);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

async function buildTemplate(serverUrl: string, name: string, migrations: Record<string, Migration>): Promise<string> {
  return withClient(serverUrl, async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [`sideline:template:${name}`]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return name;
      const building = `${name}_b${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
      try {
        const database = createPostgresDatabase({ databaseUrl: databaseUrlFor(serverUrl, building), maxConnections: 1 });
        try {
          await migrateToLatest(database, migrations);
        } finally {
          await database.close();
        }
        await whileInUse(() =>
          admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`),
        );
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`).catch(() => undefined);
        throw error;
      }
      // No connections: CREATE DATABASE … TEMPLATE fails while anyone is connected to it.
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`sideline:template:${name}`]);
    }
  });
}

/** Retries `fn` while the database is still in use: a closed client's backend exits a bit later. */
export async function whileInUse<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const objectInUse = (error as { code?: string }).code === '55006';
      if (!objectInUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

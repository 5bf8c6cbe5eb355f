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
 * never mistaken for a template. Each process stamps the template's comment with the time it
 * was last used, so that `collectTestDatabases` can drop templates no one has used for a week.
 */
export function postgresTemplate(serverUrl: string, migrations: Record<string, Migration>): Promise<string> {
  const name = `sideline_tpl_${migrationSetKey(migrations)}`;
  const key = `${serverUrl}\0${name}`;
  let template = templates.get(key);
  if (!template) {
    template = ensureTemplate(serverUrl, name, migrations);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

/** Forgets a cached template name (it was dropped behind this process's back). */
export function forgetPostgresTemplate(serverUrl: string, migrations: Record<string, Migration>): void {
  templates.delete(`${serverUrl}\0sideline_tpl_${migrationSetKey(migrations)}`);
}

async function ensureTemplate(serverUrl: string, name: string, migrations: Record<string, Migration>): Promise<string> {
  return withClient(serverUrl, async (admin) => {
    const lock = `sideline:template:${name}`;
    await admin.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lock]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!exists.rowCount) await buildTemplate(admin, serverUrl, name, migrations);
      await admin.query(`COMMENT ON DATABASE ${pg.escapeIdentifier(name)} IS ${pg.escapeLiteral(usedStamp())}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lock]);
    }
  });
}

async function buildTemplate(
  admin: pg.Client,
  serverUrl: string,
  name: string,
  migrations: Record<string, Migration>,
): Promise<void> {
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
}

const STAMP = /^sideline test template, last used (\S+)$/;

function usedStamp(): string {
  return `sideline test template, last used ${new Date().toISOString()}`;
}

const TEST_DATABASE_MAX_AGE_MS = 6 * 3_600_000;
const TEMPLATE_MAX_IDLE_MS = 7 * 86_400_000;

/** A fresh test database's name: its creation time lets a later run drop it if it leaked. */
export function testDatabaseName(): string {
  return `sideline_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

let collected: Promise<void> | undefined;

/**
 * Drops what crashed or old runs left behind (once per process): test databases older than six
 * hours, and templates unused for a week (their migration sets are gone or changed).
 */
export function collectTestDatabases(serverUrl: string): Promise<void> {
  collected ??= withClient(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
       WHERE datname LIKE 'sideline\\_t\\_%' OR datname LIKE 'sideline\\_tpl\\_%'`,
    );
    const now = Date.now();
    for (const { datname, comment } of rows) {
      const created = /^sideline_t_([0-9a-z]+)_[0-9a-f]+$/.exec(datname);
      if (created && now - parseInt(created[1]!, 36) > TEST_DATABASE_MAX_AGE_MS) {
        await admin
          .query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`)
          .catch(() => undefined);
        continue;
      }
      if (!/^sideline_tpl_[0-9a-f]+$/.test(datname)) continue;
      const lastUsed = Date.parse(STAMP.exec(comment ?? '')?.[1] ?? '');
      if (Number.isNaN(lastUsed)) {
        // Unknown age: start its clock now.
        await admin.query(`COMMENT ON DATABASE ${pg.escapeIdentifier(datname)} IS ${pg.escapeLiteral(usedStamp())}`);
      } else if (now - lastUsed > TEMPLATE_MAX_IDLE_MS) {
        await admin
          .query(`ALTER DATABASE ${pg.escapeIdentifier(datname)} WITH IS_TEMPLATE false`)
          .then(() => admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)}`))
          .catch(() => undefined);
      }
    }
  }).catch(() => undefined); // housekeeping must never fail a test
  return collected;
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

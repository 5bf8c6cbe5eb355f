import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './port.ts';
import { pgTypes } from './pg-type-parsers.ts';
import { PostgresListener } from './postgres-listener.ts';

export interface PostgresDatabaseOptions {
  databaseUrl: string;
  /** Pool size; defaults to 10. */
  maxConnections?: number;
  /** Shown in pg_stat_activity; the LISTEN connection gets `-listener` appended. */
  applicationName?: string;
}

/**
 * How long a pooled connection may stay unused before it is closed (pg-pool's default is 10 s).
 * Each new connection is a new PostgreSQL backend, forked and then warming its caches and
 * compiling es_append again; a busy moment after a quieter one opened and closed several at
 * once, and a chat under load felt each such moment: a 100 ms burst of backends exiting and
 * forking that held both cores of the benchmark machine (docs/performance.md, Chat). Ten
 * minutes, as PgBouncer keeps its server connections.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

export function createPostgresDatabase(options: PostgresDatabaseOptions): Database {
  const applicationName = options.applicationName ?? 'sideline';
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    types: pgTypes,
    application_name: applicationName,
  });
  // A connection the server terminates (e.g. the write transaction's idle timeout) emits 'error'
  // on its client; pg-pool only listens while the client is idle, so without these a checked-out
  // client's error would crash the process. The failed query reports it, and the pool discards
  // the broken client on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listener = new PostgresListener({
    connectionString: options.databaseUrl,
    types: pgTypes,
    application_name: `${applicationName}-listener`,
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;

  return {
    kind: 'postgres',
    db,
    listen: (channel, handler) => listener.listen(channel, handler),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= Promise.all([listener.close(), db.destroy()]).then(() => undefined);
      return closing;
    },
  };
}

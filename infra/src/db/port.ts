import type { Kysely } from 'kysely';

/**
 * A database handle: a kysely instance on a `pg` Pool (DATABASE_URL) or on PGlite (embedded,
 * persisted under DATA_DIR). Both return int8 as `bigint` and timestamptz as `Date`, so code is
 * the same on both drivers.
 */
export interface Database<DB = any> {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<DB>;
  /**
   * LISTEN on a channel; `handler` gets each NOTIFY payload. Returns an unlisten function.
   * On `pg` this uses one dedicated client for all channels.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Whether a trivial query succeeds (health checks). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

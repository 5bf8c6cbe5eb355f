import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/**
 * Stream keys are secrets (like passwords, not events): only their SHA-256 lives here, one
 * current key per livestream; the full key is shown once, in the answer of create or rotate.
 */
export interface StreamKeyTables {
  livestream_keys: {
    livestream_id: string;
    key_hash: string;
    created_at: Date;
  };
}

export const streamKeyMigrations: Record<string, Migration> = {
  '2800_livestream_keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('livestream_keys')
        .addColumn('livestream_id', 'text', (c) => c.primaryKey())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};

/** The prefix tells a leaked key apart in logs and secret scanners; the rest fits RTMP stream names. */
const PREFIX = 'sk_';
export const STREAM_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{32}$/;

export const hashStreamKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new random key (24 bytes, 192 bits) and what is stored and shown of it. */
export function newStreamKey(): { key: string; hash: string; hint: string } {
  const key = PREFIX + randomBytes(24).toString('base64url');
  return { key, hash: hashStreamKey(key), hint: key.slice(-4) };
}

const keysOf = (db: Kysely<any>) => db as Kysely<StreamKeyTables>;

/** Sets (or replaces: the old key stops working) the livestream's key. */
export async function storeStreamKey(db: Kysely<any>, livestreamId: string, hash: string): Promise<void> {
  await keysOf(db)
    .insertInto('livestream_keys')
    .values({ livestream_id: livestreamId, key_hash: hash, created_at: new Date() })
    .onConflict((oc) => oc.column('livestream_id').doUpdateSet({ key_hash: hash, created_at: new Date() }))
    .execute();
}

export async function streamKeyHashOf(db: Kysely<any>, livestreamId: string): Promise<string | null> {
  const row = await keysOf(db)
    .selectFrom('livestream_keys')
    .select('key_hash')
    .where('livestream_id', '=', livestreamId)
    .executeTakeFirst();
  return row?.key_hash ?? null;
}

/** Key hashes of the streams that may still be published (scheduled or live). */
export async function publishableKeys(db: Kysely<any>): Promise<Array<{ livestreamId: string; hash: string }>> {
  const rows = await db
    .selectFrom('livestream_keys as k')
    .innerJoin('livestreams as l', 'l.id', 'k.livestream_id')
    .select(['k.livestream_id', 'k.key_hash'])
    .where('l.status', 'in', ['scheduled', 'live'])
    .execute();
  return rows.map((r: any) => ({ livestreamId: r.livestream_id, hash: r.key_hash }));
}

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { ReadModels } from '@sideline/projections';

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

export const hashStreamKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new random key (24 bytes, 192 bits) and what is stored and shown of it. */
export function newStreamKey(): { key: string; hash: string; hint: string } {
  const key = PREFIX + randomBytes(24).toString('base64url');
  return { key, hash: hashStreamKey(key), hint: key.slice(-4) };
}

/** Sets (or replaces: the old key stops working) the livestream's key. */
export async function storeStreamKey(db: Kysely<StreamKeyTables>, livestreamId: string, hash: string): Promise<void> {
  await db
    .insertInto('livestream_keys')
    .values({ livestream_id: livestreamId, key_hash: hash, created_at: new Date() })
    .onConflict((oc) => oc.column('livestream_id').doUpdateSet({ key_hash: hash, created_at: new Date() }))
    .execute();
}

/**
 * What may still be published, and why not: a scheduled or live stream is `keyed` (its key
 * publishes), `revoked` (the organization deactivated the person its key was issued to: nothing
 * publishes until a manager rotates it), or `team_deleted` (nothing ever publishes again).
 */
export interface OpenStream {
  livestreamId: string;
  teamId: string;
  recordStream: boolean;
  isPublic: boolean;
  standing: 'keyed' | 'revoked' | 'team_deleted';
  /** The key's hash, when it publishes. */
  hash: string | null;
}

/** Every scheduled or live stream, with its key when it may publish (the others are over). */
export async function openStreams(db: Kysely<ReadModels & StreamKeyTables>): Promise<OpenStream[]> {
  const rows = await db
    .selectFrom('livestreams as l')
    .leftJoin('livestream_keys as k', 'k.livestream_id', 'l.id')
    .leftJoin('teams as t', 't.id', 'l.team_id')
    .select([
      'l.id',
      'l.team_id',
      'l.record_stream',
      'l.is_public',
      'l.key_revoked',
      'l.team_deleted_at',
      't.deleted_at',
      'k.key_hash',
    ])
    .where('l.status', 'in', ['scheduled', 'live'])
    .execute();
  return rows.map((r) => {
    const standing =
      r.team_deleted_at !== null || r.deleted_at !== null
        ? 'team_deleted'
        : r.key_revoked || r.key_hash === null
          ? 'revoked'
          : 'keyed';
    return {
      livestreamId: r.id,
      teamId: r.team_id,
      recordStream: r.record_stream,
      isPublic: r.is_public,
      standing,
      hash: standing === 'keyed' ? r.key_hash : null,
    };
  });
}

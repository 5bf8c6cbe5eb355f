import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { ApiToken } from '@sideline/domain';

/**
 * Read-only API tokens for analytics consumers: 32 random bytes, shown once, stored only as a
 * SHA-256 (like invitation and feed tokens); each opens the stat replays and box scores of one
 * organization. An ordinary table: a secret is not an event.
 */
export interface ApiTokenTables {
  api_tokens: {
    id: string;
    name: string;
    org_id: string;
    token_hash: string;
    created_by: string;
    created_at: Date;
    last_used_at: Date | null;
  };
}

export const apiTokenMigrations: Record<string, Migration> = {
  '2120_api_tokens': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_used_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('api_tokens_org_idx').on('api_tokens').columns(['org_id', 'created_at']).execute();
    },
  },
};

/** The prefix tells a leaked token apart in logs and secret scanners. */
const PREFIX = 'sl_';
const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

const toApiToken = (r: ApiTokenTables['api_tokens']): ApiToken => ({
  id: r.id,
  name: r.name,
  organizationId: r.org_id,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

export async function issueApiToken(
  db: Kysely<ApiTokenTables>,
  input: { name: string; orgId: string; createdBy: string; now: Date },
): Promise<ApiToken & { token: string }> {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = {
    id: randomUUID(),
    name: input.name,
    org_id: input.orgId,
    token_hash: hash(token),
    created_by: input.createdBy,
    created_at: input.now,
    last_used_at: null,
  };
  await db.insertInto('api_tokens').values(row).execute();
  return { ...toApiToken(row), token };
}

/** The tokens of the given organizations, newest first. */
export async function listApiTokens(db: Kysely<ApiTokenTables>, orgIds: readonly string[]): Promise<ApiToken[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('org_id', 'in', [...orgIds])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiToken);
}

export async function findApiToken(db: Kysely<ApiTokenTables>, id: string): Promise<ApiToken | null> {
  const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toApiToken(row) : null;
}

export async function revokeApiToken(db: Kysely<ApiTokenTables>, id: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('id', '=', id).execute();
}

/** Marking use at most once a minute keeps a busy consumer from writing on every read. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The organization a presented token opens, or null for an unknown or revoked token. */
export async function organizationOfToken(
  db: Kysely<ApiTokenTables>,
  token: string,
  now: Date,
): Promise<string | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'org_id', 'last_used_at'])
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return row.org_id;
}

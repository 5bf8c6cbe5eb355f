import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/**
 * Invitation tokens: 32 random bytes (base64url) handed out once, in the link. Only a SHA-256 of
 * each is kept, with the invitation and the token version it was issued as; the invitation's
 * stream says which version is current, so a resend kills the older tokens (they answer 410,
 * not 404). An ordinary table, like credentials: a secret is not an event.
 */
export interface InvitationTokenTables {
  invitation_tokens: { token_hash: string; invitation_id: string; token_version: number; created_at: Date };
}

export const invitationTokenMigrations: Record<string, Migration> = {
  '2100_invitation_tokens': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('invitation_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('invitation_id', 'text', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new token for this version of the invitation; the only time the token itself exists. */
export async function issueInvitationToken(
  database: Kysely<InvitationTokenTables>,
  invitationId: string,
  tokenVersion: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database
    .insertInto('invitation_tokens')
    .values({ token_hash: hash(token), invitation_id: invitationId, token_version: tokenVersion, created_at: now })
    .execute();
  return token;
}

/** The invitation and token version a presented token was issued as, or null for an unknown token. */
export async function resolveInvitationToken(
  database: Kysely<InvitationTokenTables>,
  token: string,
): Promise<{ invitationId: string; tokenVersion: number } | null> {
  const row = await database
    .selectFrom('invitation_tokens')
    .select(['invitation_id', 'token_version'])
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  return row ? { invitationId: row.invitation_id, tokenVersion: row.token_version } : null;
}

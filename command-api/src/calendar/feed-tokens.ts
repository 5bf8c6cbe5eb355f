import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Calendar feed tokens: an unguessable secret per user and team, so a calendar app (which sends
 * no cookie) can subscribe. Only a SHA-256 of the token is stored; issuing a new one replaces
 * (revokes) the old. An ordinary table, like credentials: a secret is not an event.
 *
 * A token serves only while its user is a member of the team with access (the feed route
 * checks), and a deactivation deletes the user's tokens of the organization's teams, so that a
 * reactivation gives back the teams but not the feed URLs handed to calendar apps before.
 */
export interface FeedTokenTables {
  calendar_feed_tokens: { token_hash: string; team_id: string; user_id: string; created_at: Date };
}

export const feedTokenMigrations: Record<string, Migration> = {
  '2040_calendar_feed_tokens': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('calendar_feed_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('calendar_feed_tokens_member_key', ['team_id', 'user_id'])
        .execute();
    },
  },
};

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh token for the user's feed of the team (the previous one stops working). */
export async function issueFeedToken(
  database: Kysely<FeedTokenTables>,
  teamId: string,
  userId: string,
): Promise<string> {
  const db = database;
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('calendar_feed_tokens')
    .values({ token_hash: hash(token), team_id: teamId, user_id: userId, created_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({
        token_hash: eb.ref('excluded.token_hash'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
  return token;
}

/** The user the token was issued to for this team, or null. */
export async function feedTokenUser(
  database: Kysely<FeedTokenTables>,
  teamId: string,
  token: string,
): Promise<string | null> {
  const row = await database
    .selectFrom('calendar_feed_tokens')
    .select('user_id')
    .where('token_hash', '=', hash(token))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Deletes the user's tokens for every team of the organization (a deactivation there). */
export async function revokeOrgFeedTokens(
  database: Kysely<FeedTokenTables>,
  orgId: string,
  userId: string,
): Promise<void> {
  await sql`
    DELETE FROM calendar_feed_tokens
    WHERE user_id = ${userId} AND team_id IN (SELECT id FROM teams WHERE org_id = ${orgId})`.execute(database);
}

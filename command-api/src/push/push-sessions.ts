import type { Kysely, Migration } from 'kysely';

export interface PushSessionTables {
  /**
   * Which signed-in session last subscribed each browser endpoint: signing out removes the
   * subscriptions of that browser even when the page does not name its endpoint (a script, an
   * old tab, a page whose service worker was cleared). The subscriptions themselves are events
   * on the person's stream; this is only the sign-out's lookup.
   */
  push_subscription_sessions: {
    user_id: string;
    endpoint: string;
    /** The session's id (the hash of its token), as the sessions table keeps it. */
    session_id: string;
  };
}

export const pushSessionMigrations: Record<string, Migration> = {
  '2930_push_subscription_sessions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('push_subscription_sessions')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_subscription_sessions_pk', ['user_id', 'endpoint'])
        .execute();
      await db.schema
        .createIndex('push_subscription_sessions_session_idx')
        .on('push_subscription_sessions')
        .column('session_id')
        .execute();
    },
  },
};

/** This session subscribed (or subscribed again) this endpoint of the person. */
export async function rememberSubscribingSession(
  db: Kysely<PushSessionTables>,
  userId: string,
  endpoint: string,
  sessionId: string,
): Promise<void> {
  await db
    .insertInto('push_subscription_sessions')
    .values({ user_id: userId, endpoint, session_id: sessionId })
    .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ session_id: sessionId }))
    .execute();
}

/** The endpoints this session subscribed, forgotten as they are read (the session is ending). */
export async function takeEndpointsOfSession(
  db: Kysely<PushSessionTables>,
  userId: string,
  sessionId: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('push_subscription_sessions')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .returning('endpoint')
    .execute();
  return rows.map((r) => r.endpoint);
}

/**
 * The endpoints subscribed by the person's sessions other than `keptSessionId` (all of them when
 * null), forgotten as they are read: those sessions were just ended.
 */
export async function takeEndpointsOfOtherSessions(
  db: Kysely<PushSessionTables>,
  userId: string,
  keptSessionId: string | null,
): Promise<string[]> {
  let query = db.deleteFrom('push_subscription_sessions').where('user_id', '=', userId);
  if (keptSessionId) query = query.where('session_id', '<>', keptSessionId);
  return (await query.returning('endpoint').execute()).map((r) => r.endpoint);
}

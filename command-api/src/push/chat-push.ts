import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Logger } from '@sideline/infra';
import type { ReadModels } from '@sideline/projections';

export interface ChatPushTables {
  /**
   * Who is in which team's chat room, per gateway process: written by the gateway that holds the
   * sockets, read by the notice sender (which may run in another process). A row outlives a
   * crashed gateway by at most its `until`.
   */
  chat_room_presence: { gateway_id: string; user_id: string; team_id: string; until: Date };
  /** Per person and team: when a chat push last went out, and how many messages were held since. */
  chat_push_throttle: { user_id: string; team_id: string; last_pushed_at: Date; held: number };
}

export const chatPushMigrations: Record<string, Migration> = {
  '2920_chat_push': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_room_presence')
        .addColumn('gateway_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('until', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_room_presence_pk', ['gateway_id', 'user_id', 'team_id'])
        .execute();
      await sql`CREATE INDEX chat_room_presence_team_idx ON chat_room_presence (team_id, user_id)`.execute(db);
      await db.schema
        .createTable('chat_push_throttle')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('last_pushed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('chat_push_throttle_pk', ['user_id', 'team_id'])
        .execute();
      await sql`CREATE INDEX chat_push_throttle_held_idx ON chat_push_throttle (last_pushed_at) WHERE held > 0`.execute(
        db,
      );
    },
  },
};

/** At most one chat push per team per person in this long; what comes meanwhile is summarised. */
export const CHAT_PUSH_WINDOW_MS = 2 * 60_000;
const PRESENCE_TTL_SECONDS = 90;

/**
 * This gateway's part of chat_room_presence: each user's rooms as the gateway reports them,
 * written in order per user, refreshed every 30 s, removed when the gateway closes.
 */
export function createChatRoomPresence(db: Kysely<ChatPushTables>, logger: Logger, refreshMs = 30_000) {
  const gatewayId = randomUUID();
  const queues = new Map<string, Promise<void>>();
  const write = async (userId: string, teamIds: readonly string[]) => {
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('chat_room_presence')
        .where('gateway_id', '=', gatewayId)
        .where('user_id', '=', userId)
        .execute();
      if (teamIds.length === 0) return;
      await sql`INSERT INTO chat_room_presence (gateway_id, user_id, team_id, until)
        VALUES ${sql.join(
          teamIds.map(
            (t) => sql`(${gatewayId}, ${userId}, ${t}, now() + make_interval(secs => ${PRESENCE_TTL_SECONDS}))`,
          ),
        )}`.execute(trx);
    });
  };
  const timer = setInterval(() => {
    sql`UPDATE chat_room_presence SET until = now() + make_interval(secs => ${PRESENCE_TTL_SECONDS})
         WHERE gateway_id = ${gatewayId}`
      .execute(db)
      .catch((err: unknown) => logger.warn({ err }, 'could not refresh who is in the chat rooms'));
  }, refreshMs);
  timer.unref();
  return {
    onRoomsChanged(userId: string, teamIds: readonly string[]) {
      const next = (queues.get(userId) ?? Promise.resolve())
        .then(() => write(userId, teamIds))
        .catch((err: unknown) => logger.warn({ err, userId }, 'could not record who is in the chat rooms'));
      queues.set(userId, next);
      void next.then(() => {
        if (queues.get(userId) === next) queues.delete(userId);
      });
    },
    /** Every write queued so far has reached the database (tests). */
    async settled() {
      await Promise.all(queues.values());
    },
    async close() {
      clearInterval(timer);
      await Promise.all(queues.values());
      await db.deleteFrom('chat_room_presence').where('gateway_id', '=', gatewayId).execute();
    },
  };
}

/** Of these people, those with a socket in the team's chat room on any gateway now. */
export async function inTeamRoom(
  db: Kysely<ChatPushTables>,
  teamId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT user_id FROM chat_room_presence
     WHERE team_id = ${teamId} AND until > now() AND user_id IN (${sql.join([...userIds])})`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Of these people, those to push a message to now: the first message in the window is pushed,
 * a later one only counted (held) for the summary. One statement, so two senders agree.
 */
export async function firstInWindow(
  db: Kysely<ChatPushTables>,
  teamId: string,
  userIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const cutoff = new Date(now.getTime() - CHAT_PUSH_WINDOW_MS);
  const { rows } = await sql<{ user_id: string; pushed: boolean }>`
    INSERT INTO chat_push_throttle AS t (user_id, team_id, last_pushed_at, held)
    VALUES ${sql.join(userIds.map((u) => sql`(${u}, ${teamId}, ${now}::timestamptz, 0)`))}
    ON CONFLICT (user_id, team_id) DO UPDATE SET
      held = CASE WHEN t.held = 0 AND t.last_pushed_at <= ${cutoff}::timestamptz THEN 0 ELSE t.held + 1 END,
      last_pushed_at = CASE WHEN t.held = 0 AND t.last_pushed_at <= ${cutoff}::timestamptz
                            THEN ${now}::timestamptz ELSE t.last_pushed_at END
    RETURNING t.user_id, (t.held = 0 AND t.last_pushed_at = ${now}::timestamptz) AS pushed`.execute(db);
  return rows.filter((r) => r.pushed).map((r) => r.user_id);
}

/**
 * Queues a summary ("3 new messages in Riverside Hawks") for each person and team whose window
 * has passed with messages held, as a ChatDigest notice the sender sends like any other. The
 * rows are taken with SKIP LOCKED and emptied in the same transaction, so one process queues each.
 */
export async function queueChatDigests(db: Kysely<ReadModels & ChatPushTables>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CHAT_PUSH_WINDOW_MS);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ user_id: string; team_id: string; held: number }>`
      WITH due AS (
        SELECT user_id, team_id, held FROM chat_push_throttle
         WHERE held > 0 AND last_pushed_at <= ${cutoff}::timestamptz
         FOR UPDATE SKIP LOCKED)
      UPDATE chat_push_throttle t SET held = 0, last_pushed_at = ${now}::timestamptz
        FROM due WHERE t.user_id = due.user_id AND t.team_id = due.team_id
      RETURNING t.user_id, t.team_id, due.held`.execute(trx);
    if (rows.length === 0) return 0;
    await trx
      .insertInto('notice_outbox')
      .values(
        rows.map((r) => ({
          event_id: `chat-digest:${r.team_id}:${r.user_id}:${now.toISOString()}`,
          event_type: 'ChatDigest',
          data: JSON.stringify({ teamId: r.team_id, userId: r.user_id, count: Number(r.held) }),
          actor_id: null,
          occurred_at: now,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    return rows.length;
  });
}

/** Looks for summaries due every `pollMs` (beside the notice sender). */
export function startChatDigests(options: {
  db: Kysely<ReadModels & ChatPushTables>;
  logger: Logger;
  clock?: () => Date;
  pollMs?: number;
}) {
  const clock = options.clock ?? (() => new Date());
  const timer = setInterval(() => {
    queueChatDigests(options.db, clock()).catch((err: unknown) =>
      options.logger.warn({ err }, 'could not queue chat summaries'),
    );
  }, options.pollMs ?? 5_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

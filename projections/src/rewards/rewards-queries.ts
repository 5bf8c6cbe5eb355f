import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  badgeCatalogue,
  currentStreak,
  rewardTable,
  utcDay,
  type MyRewards,
  type RewardAction,
  type RewardHistoryItem,
} from '@sideline/domain';

const formatCursor = (commit: string | bigint, prepare: string | bigint) => `${commit}.${prepare}`;
function parseCursor(cursor: string): [string, string] | null {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(cursor);
  return m ? [m[1]!, m[2]!] : null;
}

/** GET /api/rewards/me: totals, every badge (earned or locked) and a page of the history. */
export async function getMyRewards(
  database: Kysely<ReadModels>,
  userId: string,
  options: { limit: number; before?: string | undefined; now: Date },
): Promise<MyRewards> {
  const db = database;
  const cursor = options.before ? parseCursor(options.before) : null;
  let history = db
    .selectFrom('reward_grants')
    .select(['action', 'xp', 'dulars', 'created_at', 'team_id', 'pos_commit', 'pos_prepare'])
    .where('user_id', '=', userId);
  if (cursor) {
    history = history.where(sql<boolean>`(pos_commit, pos_prepare) < (${cursor[0]}::bigint, ${cursor[1]}::bigint)`);
  }
  const [totals, badges, rows] = await Promise.all([
    db.selectFrom('user_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_badges').select(['badge', 'earned_at']).where('user_id', '=', userId).execute(),
    history
      .orderBy('pos_commit', 'desc')
      .orderBy('pos_prepare', 'desc')
      .limit(options.limit + 1)
      .execute(),
  ]);
  const earned = new Map(badges.map((b) => [b.badge, b.earned_at]));
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    xp: totals?.xp ?? 0,
    dulars: totals?.dulars ?? 0,
    streak: totals ? currentStreak({ streak: totals.streak, lastDay: totals.last_day }, utcDay(options.now)) : 0,
    badges: badgeCatalogue.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      earnedAt: earned.get(b.id)?.toISOString() ?? null,
    })),
    history: page.map((r): RewardHistoryItem => ({
      action: r.action as RewardAction,
      label: rewardTable[r.action as RewardAction]?.label ?? r.action,
      xp: r.xp,
      dulars: r.dulars,
      at: new Date(r.created_at).toISOString(),
      teamId: r.team_id,
    })),
    nextCursor: rows.length > options.limit && last ? formatCursor(last.pos_commit, last.pos_prepare) : null,
  };
}

export interface TeamContributor {
  userId: string;
  name: string;
  xp: number;
}

/** Who earned the most XP in a team since `since` (ties: name), with names from the users read model. */
export async function topTeamContributors(
  database: Kysely<ReadModels>,
  teamId: string,
  since: Date,
  limit = 3,
): Promise<TeamContributor[]> {
  const rows = await sql<{ user_id: string; name: string | null; xp: string | number }>`
    SELECT g.user_id, u.name, SUM(g.xp) AS xp
    FROM reward_grants g LEFT JOIN users u ON u.id = g.user_id
    WHERE g.team_id = ${teamId} AND g.created_at >= ${since}
    GROUP BY g.user_id, u.name
    ORDER BY SUM(g.xp) DESC, u.name ASC, g.user_id ASC
    LIMIT ${limit}`.execute(database);
  return rows.rows.map((r) => ({ userId: r.user_id, name: r.name ?? 'Unknown Player', xp: Number(r.xp) }));
}

/** Messages and uploads in a team since `since` (from the chat and media read models). */
export async function teamActivityCounts(
  database: Kysely<ReadModels>,
  teamId: string,
  since: Date,
): Promise<{ messages: number; uploads: number }> {
  const [messages, uploads] = await Promise.all([
    sql<{
      n: string | number;
    }>`SELECT count(*) AS n FROM messages WHERE team_id = ${teamId} AND created_at >= ${since}`.execute(database),
    sql<{
      n: string | number;
    }>`SELECT count(*) AS n FROM media WHERE team_id = ${teamId} AND created_at >= ${since}`.execute(database),
  ]);
  return { messages: Number(messages.rows[0]?.n ?? 0), uploads: Number(uploads.rows[0]?.n ?? 0) };
}

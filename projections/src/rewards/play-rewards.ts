import { sql, type Kysely, type Migration } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import type { RecordedEvent } from '@sideline/infra';
import {
  playReward,
  playUnits,
  rewardActionOfStat,
  toHundredths,
  utcDay,
  type RewardAction,
  type StatEvent,
} from '@sideline/domain';
import type { RewardsTables } from './rewards-read-model.ts';

/**
 * The rewards projector's own copy of the rewarded stats (goals, assists, aces, touchdowns) and
 * what it has credited per player, match and action: it follows the match streams in its own
 * transactions, so it cannot read the matches read model, which may be ahead or behind.
 */
export interface PlayRewardsTables {
  play_reward_stats: {
    stat_id: string;
    match_id: string;
    /** `user:{id}` (an account) or `player:{id}` (a roster player). */
    beneficiary: string;
    action: string;
    value_h: number;
  };
  play_reward_units: {
    match_id: string;
    beneficiary: string;
    action: string;
    units: number;
  };
}

export const playRewardsMigrations: Record<string, Migration> = {
  '1121_play_rewards': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE play_reward_stats (
        stat_id text PRIMARY KEY,
        match_id text NOT NULL,
        beneficiary text NOT NULL,
        action text NOT NULL,
        value_h integer NOT NULL)`.execute(db);
      await sql`CREATE INDEX play_reward_stats_sum_idx ON play_reward_stats (match_id, beneficiary, action)`.execute(
        db,
      );
      await sql`CREATE TABLE play_reward_units (
        match_id text NOT NULL,
        beneficiary text NOT NULL,
        action text NOT NULL,
        units integer NOT NULL,
        PRIMARY KEY (match_id, beneficiary, action))`.execute(db);
    },
  },
};

export const playRewardTables = ['play_reward_stats', 'play_reward_units'] as const;
export const playRewardEventTypes = ['StatRecorded', 'StatAmended', 'StatRetracted'] as const;

/** The account and team a stat event may move rewards for (rewarded stat types of accounts only). */
export function playRewardSubject(recorded: RecordedEvent): { userId: string; teamId: string } | null {
  if (!(playRewardEventTypes as readonly string[]).includes(recorded.type)) return null;
  const d = recorded.data as StatEvent['data'];
  if (!d.userId || !d.teamId || !rewardActionOfStat(d.statType)) return null;
  return { userId: d.userId, teamId: d.teamId };
}

type DB = RewardsTables & PlayRewardsTables & { users: { id: string; xp: number; dulars: number } };

/**
 * Rewards from play (spec part 2 §9): a player's surviving total of a rewarded stat in a match is
 * worth `playUnits` rewards. Each stat event moves that total; the difference in units is
 * credited (or taken back, as a negative grant) to the player's account, so a retracted goal
 * takes its XP and dulars back and the history says when. Roster players without an account are
 * counted here and credited nowhere yet.
 */
export async function applyPlayRewards(database: Kysely<ReadModels>, events: readonly RecordedEvent[]): Promise<void> {
  const db = database;
  for (const recorded of events) {
    if (!(playRewardEventTypes as readonly string[]).includes(recorded.type)) continue;
    const e = { type: recorded.type, data: recorded.data } as StatEvent;
    const d = e.data;
    const action = rewardActionOfStat(d.statType);
    const beneficiary = d.userId ? `user:${d.userId}` : d.playerId ? `player:${d.playerId}` : null;
    if (!action || !beneficiary) continue;

    if (e.type === 'StatRecorded') {
      await db
        .insertInto('play_reward_stats')
        .values({ stat_id: d.statId, match_id: d.matchId, beneficiary, action, value_h: toHundredths(e.data.value) })
        .execute();
    } else if (e.type === 'StatAmended') {
      await db
        .updateTable('play_reward_stats')
        .set({ value_h: toHundredths(e.data.value) })
        .where('stat_id', '=', d.statId)
        .execute();
    } else {
      await db.deleteFrom('play_reward_stats').where('stat_id', '=', d.statId).execute();
    }

    const [sum, credited] = await Promise.all([
      db
        .selectFrom('play_reward_stats')
        .select(sql<string | number | null>`SUM(value_h)`.as('total'))
        .where('match_id', '=', d.matchId)
        .where('beneficiary', '=', beneficiary)
        .where('action', '=', action)
        .executeTakeFirst(),
      db
        .selectFrom('play_reward_units')
        .select('units')
        .where('match_id', '=', d.matchId)
        .where('beneficiary', '=', beneficiary)
        .where('action', '=', action)
        .executeTakeFirst(),
    ]);
    const units = playUnits(action, Number(sum?.total ?? 0));
    const delta = units - (credited?.units ?? 0);
    if (delta === 0) continue;
    await db
      .insertInto('play_reward_units')
      .values({ match_id: d.matchId, beneficiary, action, units })
      .onConflict((oc) => oc.columns(['match_id', 'beneficiary', 'action']).doUpdateSet({ units }))
      .execute();
    if (d.userId && d.teamId) await credit(db, recorded, d.userId, d.teamId, action, delta);
  }
}

async function credit(
  db: Kysely<DB>,
  recorded: RecordedEvent,
  userId: string,
  teamId: string,
  action: RewardAction,
  units: number,
): Promise<void> {
  const { xp, dulars } = playReward(action, units);
  const at = recorded.metadata.occurredAt;
  await db
    .insertInto('reward_grants')
    .values({
      user_id: userId,
      event_id: recorded.id,
      action,
      xp,
      dulars,
      day: utcDay(at),
      team_id: teamId,
      created_at: new Date(at),
      pos_commit: String(recorded.position.commit),
      pos_prepare: String(recorded.position.prepare),
    })
    .execute();
  await db
    .insertInto('user_rewards')
    .values({
      user_id: userId,
      xp,
      dulars,
      streak: 0,
      best_streak: 0,
      last_day: null,
      messages: 0,
      rsvps: 0,
      rsvps_yes: 0,
      uploads: 0,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        xp: eb('user_rewards.xp', '+', xp),
        dulars: eb('user_rewards.dulars', '+', dulars),
      })),
    )
    .execute();
  // GET /api/user reads the users row: the same totals, copied.
  await sql`UPDATE users SET xp = r.xp, dulars = r.dulars FROM user_rewards r
            WHERE r.user_id = ${userId} AND users.id = r.user_id`.execute(db);
}

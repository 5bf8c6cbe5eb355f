import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { teamSubject, toEnvelope, userSubject, type RecordedEvent } from '@sideline/infra';
import {
  addGrant,
  badgesEarned,
  nextStreak,
  rewardFor,
  utcDay,
  type DayCounters,
  type MediaUploaded,
  type MessageSent,
  type RewardAction,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { ReadModelChanges } from '../runner/read-model-changes.ts';
import type { RewardsTables, UserRewardsTable } from './rewards-read-model.ts';
import { applyPlayRewards, playRewardEventTypes, playRewardSubject, playRewardTables } from './play-rewards.ts';

/**
 * The data of the calendar's `RsvpRecorded` (stream `calendar-{eventId}`) this projector needs,
 * declared here by type name so the rewards slice does not depend on the calendar's code. An
 * answer for a roster player (`playerId`) carries the account that gave it as `userId`: that
 * account earns it as it earns its own answers, once per occurrence whoever it answers for.
 */
interface RsvpRecordedData {
  eventId: string;
  teamId: string;
  occurrenceDate: string;
  userId: string;
  status: 'yes' | 'maybe' | 'no';
  playerId?: string;
}

type DB = RewardsTables & { users: { id: string; xp: number; dulars: number; streak: number } };

/** A rewardable action found in an event. */
interface Candidate {
  event: RecordedEvent;
  userId: string;
  action: RewardAction;
  /** Counted once per user: a retried message, a changed RSVP, … earn nothing again. */
  key: string;
  /** RSVPs: the key of a 'yes' for this occurrence (Reliable counts distinct 'yes' answers). */
  yesKey: string | null;
  teamId: string | null;
}

function candidateOf(event: RecordedEvent): Candidate | null {
  switch (event.type) {
    case 'MessageSent': {
      const d = event.data as MessageSent['data'];
      // The chat read model keeps one message per id and per (team, sender, clientId); so do we.
      const key = d.clientId ? `chat:${d.teamId}:${d.clientId}` : `msg:${d.messageId}`;
      return { event, userId: d.userId, action: 'chat_message', key, yesKey: null, teamId: d.teamId };
    }
    case 'RsvpRecorded': {
      const d = event.data as RsvpRecordedData;
      const occurrence = `${d.eventId}:${d.occurrenceDate}`;
      return {
        event,
        userId: d.userId,
        action: 'rsvp',
        key: `rsvp:${occurrence}`,
        yesKey: d.status === 'yes' ? `rsvp_yes:${occurrence}` : null,
        teamId: d.teamId,
      };
    }
    case 'MediaUploaded': {
      const d = event.data as MediaUploaded['data'];
      return {
        event,
        userId: d.uploaderId,
        action: 'media_upload',
        key: `media:${d.mediaId}`,
        yesKey: null,
        teamId: d.teamId,
      };
    }
    default:
      return null;
  }
}

const emptyTotals = (userId: string): UserRewardsTable => ({
  user_id: userId,
  xp: 0,
  dulars: 0,
  streak: 0,
  best_streak: 0,
  last_day: null,
  messages: 0,
  rsvps: 0,
  rsvps_yes: 0,
  uploads: 0,
});

/**
 * XP, dulars, streaks and badges, derived from chat messages, RSVPs and uploads with the domain's
 * reward table. Each batch loads what it needs for all its users in one query per table, decides
 * in memory in log order, and writes each table once.
 *
 * Rewards for activity are never clawed back: `MediaDeleted` (or a deleted message) keeps the XP
 * earned when the upload happened, so spamming upload/delete is bounded by the daily cap, and the
 * history stays explainable. Rewards from play follow the match's stats instead (play-rewards.ts):
 * a corrected stat was never earned, so its retraction takes the reward back, as a grant of its own. A rebuild replays the same events in the same order, so it yields the same
 * rows (grant order is the log position, not an identity column).
 */
export const rewardsProjector: Projector<DB, CompiledQuery | null | undefined> = {
  name: 'rewards',
  handles: ['MessageSent', 'RsvpRecorded', 'MediaUploaded', ...playRewardEventTypes],
  tables: ['reward_grants', 'reward_counters', 'user_badges', 'user_rewards', 'reward_seen', ...playRewardTables],
  // XP and badges are looked at, not watched: under a busy chat, a message's reward waits up to
  // 100 ms to be granted with others in one batch, instead of costing a read and a write in the
  // transaction that publishes the message (docs/performance.md, Chat).
  batchIntervalMs: 100,

  // The users rows of the rewarded (GET /api/user shows their XP, dulars and streak), and for
  // play the team whose roster shows the player's XP to their linked accounts.
  changes(events): ReadModelChanges {
    const users = events.map(candidateOf).flatMap((c) => (c ? [c.userId] : []));
    const play = events.map(playRewardSubject).filter((p) => p !== null);
    return {
      teams: [...new Set(play.map((p) => p.teamId))],
      users: [...new Set([...users, ...play.map((p) => p.userId)])],
    };
  },

  // A stat that may have moved a player's rewards: the player's own screens (header XP, rewards)
  // and the roster their guardians see (the player's XP) are told to refetch.
  afterCommit(events) {
    const play = events.map(playRewardSubject).filter((p) => p !== null);
    const users = [...new Set(play.map((p) => p.userId))];
    const teams = [...new Set(play.map((p) => p.teamId))];
    return [
      ...users.map((userId) => ({
        subject: userSubject(userId, 'rewards'),
        data: toEnvelope({ type: 'rewards_changed', userId }),
      })),
      ...teams.map((teamId) => ({
        subject: teamSubject(teamId, 'players'),
        data: toEnvelope({ type: 'team_players_changed', teamId }),
      })),
    ];
  },

  // Read and decided before the transaction, which then only writes (see Projector.prepare). A
  // batch with stats is decided inside it: play moves the totals the decision starts from.
  async prepare(db, events) {
    if (events.some((e) => (playRewardEventTypes as readonly string[]).includes(e.type))) return undefined;
    return decideRewards(db, events);
  },

  async apply(trx, events, prepared) {
    const db: Kysely<DB> = trx;
    // Play first: it moves the totals by increments, which the absolute totals below then include.
    await applyPlayRewards(db, events);
    const writes = prepared === undefined ? await decideRewards(db, events) : prepared;
    if (writes) await db.executeQuery(writes);
  },
};

/**
 * The batch's rewards, decided in log order from the state of its users (read in one query), as
 * the one statement that writes them; null when the batch rewards nobody.
 */
async function decideRewards(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<CompiledQuery | null> {
  const candidates = events.map(candidateOf).filter((c): c is Candidate => c !== null);
  if (candidates.length === 0) return null;
  const userIds = [...new Set(candidates.map((c) => c.userId))];
  const days = [...new Set(candidates.map((c) => utcDay(c.event.metadata.occurredAt)))];
  const keys = [...new Set(candidates.flatMap((c) => (c.yesKey ? [c.key, c.yesKey] : [c.key])))];

  const { totalsRows, counterRows, seenRows, badgeRows } = await readRewardState(db, userIds, days, keys);

  const totals = new Map(totalsRows.map((r) => [r.user_id, { ...r }]));
  const counters = new Map<string, DayCounters>();
  for (const r of counterRows) {
    const k = `${r.user_id}|${r.day}`;
    counters.set(k, { ...counters.get(k), [r.action]: { count: r.count, xp: r.xp, dulars: r.dulars } });
  }
  const seen = new Set(seenRows.map((r) => `${r.user_id}|${r.key}`));
  const badges = new Set(badgeRows.map((r) => `${r.user_id}|${r.badge}`));

  const grants: RewardsTables['reward_grants'][] = [];
  const newSeen: RewardsTables['reward_seen'][] = [];
  const newBadges: RewardsTables['user_badges'][] = [];
  const touchedCounters = new Set<string>();
  const touchedUsers = new Set<string>();

  for (const c of candidates) {
    const t = totals.get(c.userId) ?? emptyTotals(c.userId);
    totals.set(c.userId, t);
    const at = c.event.metadata.occurredAt;
    let changed = false;
    if (c.yesKey && !seen.has(`${c.userId}|${c.yesKey}`)) {
      seen.add(`${c.userId}|${c.yesKey}`);
      newSeen.push({ user_id: c.userId, key: c.yesKey });
      t.rsvps_yes++;
      changed = true;
    }
    if (!seen.has(`${c.userId}|${c.key}`)) {
      seen.add(`${c.userId}|${c.key}`);
      newSeen.push({ user_id: c.userId, key: c.key });
      changed = true;
      const day = utcDay(at);
      const counterKey = `${c.userId}|${day}`;
      const today = counters.get(counterKey) ?? {};
      const grant = rewardFor(c.action, today);
      counters.set(counterKey, addGrant(today, grant));
      touchedCounters.add(counterKey);
      if (c.action === 'chat_message') t.messages++;
      else if (c.action === 'rsvp') t.rsvps++;
      else if (c.action === 'media_upload') t.uploads++;
      // Any rewardable activity keeps the streak going, even past the day's XP cap.
      const streak = nextStreak({ streak: t.streak, lastDay: t.last_day }, day);
      t.streak = streak.streak;
      t.last_day = streak.lastDay;
      t.best_streak = Math.max(t.best_streak, t.streak);
      if (grant.xp > 0 || grant.dulars > 0) {
        t.xp += grant.xp;
        t.dulars += grant.dulars;
        grants.push({
          user_id: c.userId,
          event_id: c.event.id,
          action: c.action,
          xp: grant.xp,
          dulars: grant.dulars,
          day,
          team_id: c.teamId,
          created_at: new Date(at),
          pos_commit: String(c.event.position.commit),
          pos_prepare: String(c.event.position.prepare),
        });
      }
    }
    if (!changed) continue;
    touchedUsers.add(c.userId);
    const earned = badgesEarned({
      messages: t.messages,
      rsvps: t.rsvps,
      rsvpsYes: t.rsvps_yes,
      uploads: t.uploads,
      bestStreak: t.best_streak,
    });
    for (const badge of earned) {
      if (badges.has(`${c.userId}|${badge}`)) continue;
      badges.add(`${c.userId}|${badge}`);
      newBadges.push({ user_id: c.userId, badge, earned_at: new Date(at) });
    }
  }

  if (touchedUsers.size === 0) return null;
  const counterValues = [...touchedCounters].flatMap((k) => {
    const [user_id, day] = k.split('|') as [string, string];
    return Object.entries(counters.get(k)!).map(([action, v]) => ({ user_id, day, action, ...v! }));
  });
  return rewardWrites(db, {
    grants,
    seen: newSeen,
    badges: newBadges,
    counters: counterValues,
    totals: [...touchedUsers].map((u) => totals.get(u)!),
  });
}

/**
 * What a batch needs to decide, for all its users at once, in one statement: a projector's
 * statements run one after another on its transaction's session, so each is a round trip (and
 * under chat load the round trips, not the work, were the projector's cost).
 */
async function readRewardState(db: Kysely<DB>, userIds: string[], days: string[], keys: string[]) {
  const users = sql.join(userIds);
  const { rows } = await sql<{
    totals: UserRewardsTable[];
    counters: Array<RewardsTables['reward_counters']>;
    seen: Array<[string, string]>;
    badges: Array<[string, string]>;
  }>`SELECT
      (SELECT coalesce(json_agg(r), '[]') FROM user_rewards r WHERE r.user_id IN (${users})) AS totals,
      (SELECT coalesce(json_agg(c), '[]') FROM reward_counters c
        WHERE c.user_id IN (${users}) AND c.day IN (${sql.join(days)})) AS counters,
      (SELECT coalesce(json_agg(json_build_array(s.user_id, s.key)), '[]') FROM reward_seen s
        WHERE s.user_id IN (${users}) AND s.key IN (${sql.join(keys)})) AS seen,
      (SELECT coalesce(json_agg(json_build_array(b.user_id, b.badge)), '[]') FROM user_badges b
        WHERE b.user_id IN (${users})) AS badges`.execute(db);
  const row = rows[0]!;
  // PGlite and pg both parse json; a driver that hands back text is parsed here.
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    totalsRows: json(row.totals),
    counterRows: json(row.counters),
    seenRows: json(row.seen).map(([user_id, key]) => ({ user_id, key })),
    badgeRows: json(row.badges).map(([user_id, badge]) => ({ user_id, badge })),
  };
}

/**
 * Every row a batch writes, in one statement of data-modifying CTEs (PostgreSQL runs each of
 * them exactly once, whether or not the outer statement reads it). GET /api/user reads the users
 * row, so the totals are copied there too (absolute values, not increments); the streak's last
 * day goes along, so the user's streak decays on read exactly as here. Each table's rows travel
 * as one JSON parameter: as VALUES lists they cost a query-builder node per value, and under a
 * busy chat this statement was an eighth of everything the server allocated.
 */
function rewardWrites(
  db: Kysely<DB>,
  rows: {
    grants: RewardsTables['reward_grants'][];
    seen: RewardsTables['reward_seen'][];
    badges: RewardsTables['user_badges'][];
    counters: RewardsTables['reward_counters'][];
    totals: UserRewardsTable[];
  },
): CompiledQuery {
  const insert = <T extends object>(table: keyof RewardsTables, values: readonly T[], conflict = sql``) => {
    const columns = sql.join(Object.keys(values[0]!).map((column) => sql.ref(column)));
    return sql`INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(values)}::json) ${conflict}`;
  };
  const ctes = [
    rows.grants.length > 0 && sql`g AS (${insert('reward_grants', rows.grants)})`,
    rows.seen.length > 0 && sql`s AS (${insert('reward_seen', rows.seen)})`,
    rows.badges.length > 0 && sql`b AS (${insert('user_badges', rows.badges)})`,
    rows.counters.length > 0 &&
      sql`c AS (${insert(
        'reward_counters',
        rows.counters,
        sql`ON CONFLICT (user_id, day, action) DO UPDATE
              SET count = excluded.count, xp = excluded.xp, dulars = excluded.dulars`,
      )})`,
    sql`t AS (${insert(
      'user_rewards',
      rows.totals,
      sql`ON CONFLICT (user_id) DO UPDATE
            SET xp = excluded.xp, dulars = excluded.dulars, streak = excluded.streak,
                best_streak = excluded.best_streak, last_day = excluded.last_day, messages = excluded.messages,
                rsvps = excluded.rsvps, rsvps_yes = excluded.rsvps_yes, uploads = excluded.uploads
          RETURNING user_id, xp, dulars, streak, last_day`,
    )})`,
  ].filter((cte) => cte !== false);
  return sql`WITH ${sql.join(ctes)}
    UPDATE users SET xp = t.xp, dulars = t.dulars, streak = t.streak, streak_day = t.last_day
      FROM t WHERE users.id = t.user_id`.compile(db);
}

import type { ReadModels } from '../read-models.ts';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What a guardian's copy of their child's data reads (GET …/players/{id}/export): every kind is
 * read by the player's id, in pages of EXPORT_PAGE rows ordered by a unique key, so a child with
 * thousands of answers and stats is streamed page by page, never held whole.
 */
export const EXPORT_PAGE = 1000;

/** The export reads attendance and stats by player: indexed here (their keys lead with the event or match). */
export const playerExportMigrations: Record<string, Migration> = {
  '1991_player_export_indexes': {
    async up(db: Kysely<any>) {
      await sql`CREATE INDEX calendar_player_rsvps_player_idx ON calendar_player_rsvps (player_id, event_id, occurrence_date)`.execute(
        db,
      );
      await sql`CREATE INDEX match_stats_player_idx ON match_stats (player_id, id)`.execute(db);
      await sql`CREATE INDEX match_participants_player_idx ON match_participants (player_id)`.execute(db);
    },
  },
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The player as rostered, with every guardian link and account link (past ones too). */
export async function playerRosterHistory(db: Kysely<ReadModels>, teamId: string, playerId: string) {
  const [player, guardians, accounts] = await Promise.all([
    db
      .selectFrom('players')
      .select(['id', 'team_id', 'name', 'jersey_number', 'added_at'])
      .where('id', '=', playerId)
      .where('team_id', '=', teamId)
      .executeTakeFirst(),
    periods(db, 'player_guardians', playerId),
    periods(db, 'player_accounts', playerId),
  ]);
  return {
    player: player
      ? {
          id: player.id as string,
          teamId: player.team_id as string,
          name: player.name as string,
          jerseyNumber: (player.jersey_number as string | null) ?? null,
          addedAt: iso(player.added_at)!,
        }
      : null,
    guardians,
    accounts,
  };
}

async function periods(db: Kysely<ReadModels>, table: 'player_guardians' | 'player_accounts', playerId: string) {
  // The two period tables have one shape: typed as either, the query reads both.
  const rows = await db
    .selectFrom(`${table as 'player_guardians'} as p`)
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'u.name', 'p.valid_from', 'p.valid_to'])
    .where('p.player_id', '=', playerId)
    .orderBy('p.valid_from')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id as string,
    name: (r.name as string | null) ?? 'Unknown User',
    from: iso(r.valid_from),
    to: iso(r.valid_to),
  }));
}

/** The player's attendance answers (one per event occurrence), page by page. */
export async function* playerAttendancePages(db: Kysely<ReadModels>, playerId: string) {
  let after: { eventId: string; occurrence: Date } | null = null;
  for (;;) {
    let query = db
      .selectFrom('calendar_player_rsvps as r')
      .leftJoin('calendar_events as e', 'e.id', 'r.event_id')
      .select([
        'r.event_id',
        'r.occurrence_date',
        'r.team_id',
        'e.title',
        'r.status',
        'r.answered_by',
        'r.updated_at',
        'r.late_change',
      ])
      .where('r.player_id', '=', playerId)
      .orderBy('r.event_id')
      .orderBy('r.occurrence_date')
      .limit(EXPORT_PAGE);
    if (after) {
      const { eventId, occurrence } = after;
      query = query.where(sql<boolean>`(r.event_id, r.occurrence_date) > (${eventId}, ${occurrence})`);
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      eventId: r.event_id as string,
      occurrence: iso(r.occurrence_date),
      teamId: r.team_id as string,
      title: (r.title as string | null) ?? null,
      status: r.status as string,
      answeredBy: r.answered_by as string,
      answeredAt: iso(r.updated_at),
      lateChange: Boolean(r.late_change),
    }));
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { eventId: last.event_id as string, occurrence: last.occurrence_date as Date };
  }
}

/** Every stat recorded for the player, page by page (values in halves, as stored: value = valueH / 2). */
export async function* playerMatchStatPages(db: Kysely<ReadModels>, playerId: string) {
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('match_stats')
      .select(['id', 'match_id', 'team_id', 'stat_type', 'value_h', 'context', 'recorded_at', 'amended'])
      .where('player_id', '=', playerId)
      .orderBy('id')
      .limit(EXPORT_PAGE);
    if (after) query = query.where('id', '>', after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id as string,
      matchId: r.match_id as string,
      teamId: r.team_id as string,
      statType: r.stat_type as string,
      value: Number(r.value_h) / 2,
      context: (r.context as string | null) ?? null,
      recordedAt: iso(r.recorded_at),
      amended: Boolean(r.amended),
    }));
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id as string;
  }
}

/** The player's time on the field: every segment, per match, with its seconds when closed. */
export async function playerPlayingTime(db: Kysely<ReadModels>, playerId: string) {
  const rows = await db
    .selectFrom('match_participants as p')
    .innerJoin('match_segments as s', (j) =>
      j.onRef('s.match_id', '=', 'p.match_id').onRef('s.participant_id', '=', 'p.id'),
    )
    .select(['p.match_id', 'p.team_id', 's.from_at', 's.to_at', 's.position_id'])
    .where('p.player_id', '=', playerId)
    .orderBy('s.from_at')
    .execute();
  return rows.map((r) => ({
    matchId: r.match_id as string,
    teamId: r.team_id as string,
    from: iso(r.from_at),
    to: iso(r.to_at),
    positionId: (r.position_id as string | null) ?? null,
    seconds: r.to_at ? Math.round((new Date(r.to_at).getTime() - new Date(r.from_at).getTime()) / 1000) : null,
  }));
}

/** Rewards are kept per account: those of the accounts the player has had (a child's own login). */
export async function playerRewards(db: Kysely<ReadModels>, playerId: string) {
  const accounts = await db
    .selectFrom('player_accounts')
    .select('user_id')
    .distinct()
    .where('player_id', '=', playerId)
    .execute();
  const userIds = accounts.map((a) => a.user_id as string);
  if (userIds.length === 0) return { totals: [], badges: [], grants: [] };
  const [totals, badges, grants] = await Promise.all([
    db.selectFrom('user_rewards').selectAll().where('user_id', 'in', userIds).execute(),
    db.selectFrom('user_badges').selectAll().where('user_id', 'in', userIds).orderBy('earned_at').execute(),
    db
      .selectFrom('reward_grants')
      .select(['user_id', 'event_id', 'action', 'xp', 'dulars', 'day', 'team_id', 'created_at'])
      .where('user_id', 'in', userIds)
      .orderBy('created_at')
      .execute(),
  ]);
  return { totals, badges, grants };
}

/** The media naming the player: each item's stored file name (under its team's uploads). */
export async function playerMediaFiles(db: Kysely<ReadModels>, playerId: string) {
  const rows = await db
    .selectFrom('media_players as mp')
    .innerJoin('media as m', 'm.id', 'mp.media_id')
    .select(['m.id', 'm.team_id', 'm.kind', 'm.title', 'm.content_type', 'm.url', 'm.created_at'])
    .where('mp.player_id', '=', playerId)
    .orderBy('m.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id as string,
    teamId: r.team_id as string,
    kind: r.kind as string,
    title: r.title as string,
    contentType: r.content_type as string,
    url: r.url as string,
    createdAt: iso(r.created_at),
  }));
}

import { sql, type Kysely } from 'kysely';
import type { AdminAccess, AdminMessageHistory, RsvpLedgerEntry, RsvpStatus } from '@sideline/domain';
import type { ReadModels } from '../../read-models.ts';

// Safeguarding: who could see what and when, a message's every version, the RSVP ledger.

/** Who could see what at `at`: a person's teams and roles then, or a team's adults then. */

export async function accessAt(
  database: Kysely<ReadModels>,
  orgId: string,
  at: Date,
  query: { userId?: string | undefined; teamId?: string | undefined },
): Promise<Omit<AdminAccess, 'at'> | null> {
  let person: AdminAccess['person'] = null;
  let team: AdminAccess['team'] = null;
  if (query.userId) {
    const user = await sql<{ name: string }>`SELECT name FROM users WHERE id = ${query.userId}`.execute(database);
    if (!user.rows[0]) return null;
    // Someone who was never in the organization is not its admins' to look up.
    const everIn = await sql<{ n: number }>`
      SELECT 1 AS n FROM org_admin_periods WHERE org_id = ${orgId} AND user_id = ${query.userId}
      UNION ALL
      SELECT 1 FROM team_member_periods p JOIN teams t ON t.id = p.team_id
      WHERE p.user_id = ${query.userId} AND t.org_id = ${orgId} LIMIT 1`.execute(database);
    if (everIn.rows.length === 0) return null;
    const admin = await sql<{ n: number }>`
      SELECT 1 AS n FROM org_admin_periods WHERE org_id = ${orgId} AND user_id = ${query.userId}
        AND valid_from <= ${at} AND (valid_to IS NULL OR valid_to > ${at}) LIMIT 1`.execute(database);
    const { rows } = await sql<{
      team_id: string;
      team_name: string;
      assigned_role: string;
      valid_from: Date;
      valid_to: Date | null;
    }>`
      SELECT p.team_id, coalesce(n.name, t.name) AS team_name, p.assigned_role, p.valid_from, p.valid_to
      FROM team_member_periods p JOIN teams t ON t.id = p.team_id
        LEFT JOIN org_activity_names n ON n.key = 'team:' || p.team_id
      WHERE p.user_id = ${query.userId} AND t.org_id = ${orgId}
        AND p.valid_from <= ${at} AND (p.valid_to IS NULL OR p.valid_to > ${at})
      ORDER BY p.valid_from, p.team_id`.execute(database);
    person = {
      userId: query.userId,
      name: user.rows[0].name,
      isOrgAdmin: admin.rows.length > 0,
      teams: rows.map((r) => ({
        teamId: r.team_id,
        teamName: r.team_name,
        role: r.assigned_role,
        validFrom: new Date(r.valid_from).toISOString(),
        validTo: r.valid_to ? new Date(r.valid_to).toISOString() : null,
      })),
    };
  }
  if (query.teamId) {
    const found = await sql<{ name: string }>`
      SELECT name FROM teams WHERE id = ${query.teamId} AND org_id = ${orgId}`.execute(database);
    if (!found.rows[0]) return null;
    // Adults: every member who is not a player (coaches, parents, other adults), plus the org's admins.
    const { rows } = await sql<{
      user_id: string;
      name: string;
      role: string;
      valid_from: Date;
      valid_to: Date | null;
    }>`
      SELECT p.user_id, u.name, p.assigned_role AS role, p.valid_from, p.valid_to
      FROM team_member_periods p JOIN users u ON u.id = p.user_id
      WHERE p.team_id = ${query.teamId} AND p.assigned_role <> 'player'
        AND p.valid_from <= ${at} AND (p.valid_to IS NULL OR p.valid_to > ${at})
      UNION ALL
      SELECT ap.user_id, u.name, 'org_admin' AS role, ap.valid_from, ap.valid_to
      FROM org_admin_periods ap JOIN users u ON u.id = ap.user_id
      WHERE ap.org_id = ${orgId} AND ap.valid_from <= ${at} AND (ap.valid_to IS NULL OR ap.valid_to > ${at})
      ORDER BY valid_from, user_id`.execute(database);
    team = {
      teamId: query.teamId,
      teamName: found.rows[0].name,
      adults: rows.map((r) => ({
        userId: r.user_id,
        name: r.name,
        role: r.role,
        validFrom: new Date(r.valid_from).toISOString(),
        validTo: r.valid_to ? new Date(r.valid_to).toISOString() : null,
      })),
    };
  }
  return { person, team };
}

/** A message's versions in order, and its deletion; null when it is not the organization's. */
export async function messageHistory(
  database: Kysely<ReadModels>,
  orgId: string,
  messageId: string,
): Promise<AdminMessageHistory | null> {
  const { rows } = await sql<{
    message_id: string;
    team_id: string;
    team_name: string;
    sender_id: string;
    sender_name: string | null;
    kind: string;
    text: string;
    by: string;
    by_name: string | null;
    at: Date;
  }>`
    SELECT v.message_id, v.team_id, t.name AS team_name, v.sender_id, s.name AS sender_name, v.kind, v.text,
      v.by, b.name AS by_name, v.at
    FROM message_versions v JOIN teams t ON t.id = v.team_id
      LEFT JOIN users s ON s.id = v.sender_id LEFT JOIN users b ON b.id = v.by
    WHERE v.message_id = ${messageId} AND t.org_id = ${orgId}
    ORDER BY v.seq`.execute(database);
  const first = rows[0];
  if (!first) return null;
  const deletion = rows.find((r) => r.kind === 'deleted');
  return {
    id: first.message_id,
    teamId: first.team_id,
    teamName: first.team_name,
    senderId: first.sender_id,
    senderName: first.sender_name ?? 'Unknown User',
    versions: rows
      .filter((r) => r.kind !== 'deleted')
      .map((r) => ({
        text: r.text,
        at: new Date(r.at).toISOString(),
        by: r.by,
        byName: r.by_name ?? 'Unknown User',
      })),
    deleted: deletion
      ? { by: deletion.by, byName: deletion.by_name ?? 'Unknown User', at: new Date(deletion.at).toISOString() }
      : null,
  };
}

/** RSVP changes as recorded, newest first; `late`: a Not Going within 24 h of the start. */
export async function listRsvpLedger(
  database: Kysely<ReadModels>,
  orgId: string,
  options: { teamId?: string | undefined; eventId?: string | undefined; lateOnly?: boolean; limit: number },
): Promise<RsvpLedgerEntry[]> {
  const { rows } = await sql<{
    id: string;
    event_id: string;
    title: string | null;
    team_id: string;
    occurrence_date: Date;
    user_id: string | null;
    player_id: string | null;
    user_name: string | null;
    answered_by: string | null;
    answered_by_name: string | null;
    status: string;
    previous_status: string | null;
    recorded_at: Date;
    late: boolean;
  }>`
    SELECT l.id, l.event_id, n.name AS title, l.team_id, l.occurrence_date, l.user_id, l.player_id,
      COALESCE(u.name, p.name) AS user_name,
      l.answered_by, b.name AS answered_by_name, l.status, l.previous_status, l.recorded_at, l.late
    FROM teams t JOIN rsvp_ledger l ON l.team_id = t.id
      LEFT JOIN org_activity_names n ON n.key = 'event:' || l.event_id
      LEFT JOIN users u ON u.id = l.user_id LEFT JOIN players p ON p.id = l.player_id
      LEFT JOIN users b ON b.id = l.answered_by
    WHERE t.org_id = ${orgId}
      ${options.teamId ? sql`AND t.id = ${options.teamId}` : sql``}
      ${options.eventId ? sql`AND l.event_id = ${options.eventId}` : sql``}
      ${options.lateOnly ? sql`AND l.late` : sql``}
    ORDER BY l.recorded_at DESC, l.id DESC LIMIT ${options.limit}`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventTitle: r.title ?? 'Event',
    teamId: r.team_id,
    occurrenceDate: new Date(r.occurrence_date).toISOString(),
    userId: r.user_id,
    playerId: r.player_id,
    userName: r.user_name ?? 'Unknown User',
    answeredBy: r.answered_by,
    answeredByName: r.answered_by_name,
    status: r.status as RsvpStatus,
    previousStatus: r.previous_status as RsvpStatus | null,
    recordedAt: new Date(r.recorded_at).toISOString(),
    late: r.late,
  }));
}

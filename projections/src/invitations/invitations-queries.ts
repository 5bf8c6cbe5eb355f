import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { invitationStatus, type Invitation, type InviteType } from '@sideline/domain';
import type { InvitationsTables } from './invitations-read-model.ts';

type Row = Selectable<InvitationsTables['invitations']> & { player_name: string | null };

function toInvitation(row: Row, now: Date): Invitation {
  const usedAt = row.used_at?.toISOString() ?? null;
  const revokedAt = row.revoked_at?.toISOString() ?? null;
  const expiresAt = row.expires_at.toISOString();
  return {
    id: row.id,
    teamId: row.team_id,
    playerId: row.player_id,
    playerName: row.player_name,
    inviteType: row.invite_type as InviteType,
    inviteeName: row.invitee_name,
    inviteeEmail: row.invitee_email,
    ageGroup: row.age_group,
    specialization: row.specialization,
    createdAt: row.created_at.toISOString(),
    expiresAt,
    usedAt,
    revokedAt,
    status: invitationStatus({ usedAt, revokedAt, expiresAt }, now),
  };
}

const base = (database: Kysely<ReadModels>) =>
  database
    .selectFrom('invitations')
    .leftJoin('players', 'players.id', 'invitations.player_id')
    .selectAll('invitations')
    .select('players.name as player_name');

/** The team's invitations, newest first; `now` decides which have expired. */
export async function listInvitations(database: Kysely<ReadModels>, teamId: string, now: Date): Promise<Invitation[]> {
  const rows = await base(database)
    .where('invitations.team_id', '=', teamId)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id')
    .execute();
  return rows.map((r) => toInvitation(r, now));
}

export interface InvitationRecord {
  invitation: Invitation;
  tokenVersion: number;
  usedBy: string | null;
  teamName: string;
  teamSport: string | null;
}

/** One invitation with what AcceptInvite and the public lookup need; null when unknown. */
export async function findInvitation(
  database: Kysely<ReadModels>,
  invitationId: string,
  now: Date,
): Promise<InvitationRecord | null> {
  const row = await base(database)
    .innerJoin('teams', 'teams.id', 'invitations.team_id')
    .select(['teams.name as team_name', 'teams.sport as team_sport'])
    .where('invitations.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    invitation: toInvitation(row, now),
    tokenVersion: row.token_version,
    usedBy: row.used_by,
    teamName: row.team_name,
    teamSport: row.team_sport,
  };
}

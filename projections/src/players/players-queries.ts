import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  canManageTeam,
  playerLinkStatus,
  type AssignedRole,
  type LinkedAccount,
  type ParentInvitationFacts,
  type Player,
  type TeamMember,
  type UserRole,
} from '@sideline/domain';

/**
 * Keeps the periods that hold at `at` (valid_from ≤ at < valid_to), or the open ones when `at`
 * is absent (now, as projected).
 */
function holdingAt<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, table: string, at: Date | undefined): QB {
  if (!at) return qb.where(`${table}.valid_to`, 'is', null) as QB;
  return qb
    .where(`${table}.valid_from`, '<=', at)
    .where((eb) => eb.or([eb(`${table}.valid_to`, 'is', null), eb(`${table}.valid_to`, '>', at)])) as QB;
}

/** Which invitation facts held at `at`: an answer given later is the same answer. */
function invitationFactsAt(
  row: { used_at: Date | null; revoked_at: Date | null },
  at: Date | undefined,
): ParentInvitationFacts {
  const asOf = (d: Date | null) => (d && (!at || d <= at) ? d.toISOString() : null);
  return { usedAt: asOf(row.used_at), revokedAt: asOf(row.revoked_at) };
}

/**
 * The team's players with their guardians, account, rewards and parent-link status (spec §4), in
 * the order they were added. With `at`, the roster as it was at that moment.
 */
export async function listPlayers(
  database: Kysely<ReadModels>,
  teamId: string,
  options: { at?: Date; playerId?: string } = {},
): Promise<Player[]> {
  const db = database;
  const { at, playerId } = options;
  let playersQuery = db
    .selectFrom('players')
    .select(['id', 'team_id', 'name', 'jersey_number', 'added_at', 'adult'])
    .where('team_id', '=', teamId)
    .orderBy('added_at')
    .orderBy('id');
  if (at) playersQuery = playersQuery.where('added_at', '<=', at);
  if (playerId) playersQuery = playersQuery.where('id', '=', playerId);
  const players = await playersQuery.execute();
  if (players.length === 0) return [];

  const links = (table: 'player_guardians' | 'player_accounts') =>
    holdingAt(
      db
        .selectFrom(table)
        .innerJoin('users', 'users.id', `${table}.user_id`)
        .select([
          `${table}.player_id`,
          `${table}.valid_from`,
          'users.id',
          'users.name',
          'users.avatar_url',
          'users.xp',
          'users.dulars',
        ])
        .where(`${table}.team_id`, '=', teamId)
        .orderBy(`${table}.valid_from`),
      table,
      at,
    ).execute();
  const [guardians, accounts, invitations] = await Promise.all([
    links('player_guardians'),
    links('player_accounts'),
    (() => {
      let q = db
        .selectFrom('invitations')
        .select(['player_id', 'used_at', 'revoked_at'])
        .where('team_id', '=', teamId)
        .where('invite_type', '=', 'parent');
      if (at) q = q.where('created_at', '<=', at);
      return q.execute();
    })(),
  ]);

  const linked = (r: (typeof guardians)[number]): LinkedAccount => ({
    userId: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    linkedAt: r.valid_from.toISOString(),
  });
  return players.map((p) => {
    const own = guardians.filter((g) => g.player_id === p.id);
    const account = accounts.find((a) => a.player_id === p.id) ?? null;
    const parentInvitations = invitations.filter((i) => i.player_id === p.id).map((i) => invitationFactsAt(i, at));
    return {
      id: p.id,
      teamId: p.team_id,
      name: p.name,
      jerseyNumber: p.jersey_number,
      xp: account?.xp ?? 0,
      dulars: account?.dulars ?? 0,
      addedAt: p.added_at.toISOString(),
      guardians: own.map(linked),
      account: account ? linked(account) : null,
      linkStatus: playerLinkStatus(own.length, parentInvitations),
      adult: p.adult,
    };
  });
}

export async function findPlayer(
  database: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
): Promise<Player | null> {
  const [player] = await listPlayers(database, teamId, { playerId });
  return player ?? null;
}

/**
 * The team's members as they were at `at`: who was a member, in which team role, and whether
 * that role managed the team. Names and account roles are today's. Organizations are not part of
 * a team's history here (an organization admin is not a member).
 */
export async function listTeamMembersAt(database: Kysely<ReadModels>, teamId: string, at: Date): Promise<TeamMember[]> {
  const db = database;
  const rows = await holdingAt(
    db
      .selectFrom('team_member_periods')
      .innerJoin('users', 'users.id', 'team_member_periods.user_id')
      .innerJoin('teams', 'teams.id', 'team_member_periods.team_id')
      .select([
        'teams.creator_id',
        'users.id',
        'users.name',
        'users.avatar_url',
        'users.role',
        'team_member_periods.assigned_role',
        'team_member_periods.joined_at',
      ])
      .where('team_member_periods.team_id', '=', teamId)
      .orderBy('team_member_periods.joined_at')
      .orderBy('users.id'),
    'team_member_periods',
    at,
  ).execute();
  return rows.map((r) => ({
    userId: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    role: r.role as UserRole,
    assignedRole: r.assigned_role as AssignedRole,
    canManage: canManageTeam({
      userId: r.id,
      creatorId: r.creator_id,
      assignedRole: r.assigned_role as AssignedRole,
      isOrgAdminOfTeamOrg: false,
    }),
    joinedAt: r.joined_at.toISOString(),
  }));
}

import { sql, type Kysely } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import {
  upcastAssignedRole,
  type GuardianLinked,
  type GuardianUnlinked,
  type MemberJoined,
  type OrgMemberDeactivated,
  type OrgMemberReactivated,
  type PlayerAccountLinked,
  type PlayerAccountUnlinked,
  type PlayerAdded,
  type PlayerAdultSet,
  type TeamCreated,
  type TeamDeleted,
  type TeamRoleAssigned,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { PlayersTables } from './players-read-model.ts';

type DB = Kysely<PlayersTables>;

const playerEventTypes: ReadonlySet<string> = new Set([
  'PlayerAdded',
  'GuardianLinked',
  'GuardianUnlinked',
  'PlayerAccountLinked',
  'PlayerAccountUnlinked',
  'PlayerAdultSet',
]);
type Links = 'player_guardians' | 'player_accounts';

async function openLink(
  db: DB,
  table: Links,
  e: RecordedEvent,
  d: GuardianLinked['data'] | PlayerAccountLinked['data'],
) {
  await db
    .insertInto(table)
    .values({
      id: e.id,
      player_id: d.playerId,
      team_id: d.teamId,
      user_id: d.userId,
      invitation_id: d.invitationId,
      valid_from: new Date(e.metadata.occurredAt),
      valid_to: null,
    })
    .execute();
}

async function closeLink(db: DB, table: Links, e: RecordedEvent, d: { playerId: string; userId: string }) {
  await db
    .updateTable(table)
    .set({ valid_to: new Date(e.metadata.occurredAt) })
    .where('player_id', '=', d.playerId)
    .where('user_id', '=', d.userId)
    .where('valid_to', 'is', null)
    .execute();
}

/** A member's role from this event on: the open period ends, a new one begins. */
async function setMemberRole(db: DB, e: RecordedEvent, teamId: string, userId: string, role: string) {
  const at = new Date(e.metadata.occurredAt);
  // Deactivated by the team's organization: the role is kept for the reactivation, not held now.
  const held = await sql<{ joined_at: Date | null }>`
    SELECT h.joined_at FROM roster_team_orgs o
      JOIN roster_deactivations d ON d.org_id = o.org_id AND d.user_id = ${userId}
      LEFT JOIN held_member_roles h ON h.team_id = o.team_id AND h.user_id = ${userId}
    WHERE o.team_id = ${teamId}`.execute(db);
  if (held.rows[0]) {
    await db
      .insertInto('held_member_roles')
      .values({ team_id: teamId, user_id: userId, assigned_role: role, joined_at: held.rows[0].joined_at ?? at })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ assigned_role: role }))
      .execute();
    return;
  }
  const open = await db
    .updateTable('team_member_periods')
    .set({ valid_to: at })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('valid_to', 'is', null)
    .returning('joined_at')
    .executeTakeFirst();
  await db
    .insertInto('team_member_periods')
    .values({
      id: e.id,
      team_id: teamId,
      user_id: userId,
      assigned_role: role,
      joined_at: open?.joined_at ?? at,
      valid_from: at,
      valid_to: null,
    })
    .execute();
}

/**
 * The organization deactivated the person: their roles in its teams end here and are kept until
 * a reactivation (as the teams read model holds their memberships).
 */
async function deactivate(db: DB, e: RecordedEvent, d: OrgMemberDeactivated['data']) {
  await db
    .insertInto('roster_deactivations')
    .values({ org_id: d.orgId, user_id: d.userId })
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
    .execute();
  await sql`
    WITH closed AS (
      UPDATE team_member_periods p SET valid_to = ${new Date(e.metadata.occurredAt)}
      FROM roster_team_orgs o
      WHERE o.team_id = p.team_id AND o.org_id = ${d.orgId} AND p.user_id = ${d.userId} AND p.valid_to IS NULL
      RETURNING p.team_id, p.user_id, p.assigned_role, p.joined_at)
    INSERT INTO held_member_roles (team_id, user_id, assigned_role, joined_at)
    SELECT team_id, user_id, assigned_role, joined_at FROM closed
    ON CONFLICT (team_id, user_id) DO NOTHING`.execute(db);
}

/** The organization reactivated the person: their kept roles in its teams begin again here. */
async function reactivate(db: DB, e: RecordedEvent, d: OrgMemberReactivated['data']) {
  await db.deleteFrom('roster_deactivations').where('org_id', '=', d.orgId).where('user_id', '=', d.userId).execute();
  // One event opens a period per team: each period's key is the event's id and the team's.
  await sql`
    WITH given AS (
      DELETE FROM held_member_roles h USING roster_team_orgs o
      WHERE o.team_id = h.team_id AND o.org_id = ${d.orgId} AND h.user_id = ${d.userId}
      RETURNING h.team_id, h.user_id, h.assigned_role, h.joined_at)
    INSERT INTO team_member_periods (id, team_id, user_id, assigned_role, joined_at, valid_from, valid_to)
    SELECT ${e.id} || ':' || team_id, team_id, user_id, assigned_role, joined_at, ${new Date(e.metadata.occurredAt)}, NULL
    FROM given`.execute(db);
}

/** Players, their guardian and account links, and team roles over time (the roster's history). */
export const playersProjector: Projector<PlayersTables> = {
  name: 'roster',
  handles: [
    'PlayerAdded',
    'GuardianLinked',
    'GuardianUnlinked',
    'PlayerAccountLinked',
    'PlayerAccountUnlinked',
    'PlayerAdultSet',
    'MemberJoined',
    'TeamRoleAssigned',
    'TeamCreated',
    'TeamDeleted',
    'OrgMemberDeactivated',
    'OrgMemberReactivated',
  ],
  tables: [
    'players',
    'player_guardians',
    'player_accounts',
    'team_member_periods',
    'roster_team_orgs',
    'roster_deactivations',
    'held_member_roles',
  ],
  async apply(trx, events) {
    const db = trx as DB;
    // In log order: a link ends only after it began, a role changes only after the join.
    for (const e of events) {
      switch (e.type) {
        case 'PlayerAdded': {
          const d = e.data as PlayerAdded['data'];
          await db
            .insertInto('players')
            .values({
              id: d.playerId,
              team_id: d.teamId,
              name: d.name,
              jersey_number: d.jerseyNumber,
              added_by: d.by,
              added_at: new Date(e.metadata.occurredAt),
              adult: false,
            })
            .execute();
          break;
        }
        case 'GuardianLinked':
          await openLink(db, 'player_guardians', e, e.data as GuardianLinked['data']);
          break;
        case 'GuardianUnlinked':
          await closeLink(db, 'player_guardians', e, e.data as GuardianUnlinked['data']);
          break;
        case 'PlayerAccountLinked':
          await openLink(db, 'player_accounts', e, e.data as PlayerAccountLinked['data']);
          break;
        case 'PlayerAccountUnlinked':
          await closeLink(db, 'player_accounts', e, e.data as PlayerAccountUnlinked['data']);
          break;
        case 'PlayerAdultSet': {
          const d = e.data as PlayerAdultSet['data'];
          await db.updateTable('players').set({ adult: d.adult }).where('id', '=', d.playerId).execute();
          break;
        }
        case 'MemberJoined': {
          const d = e.data as MemberJoined['data'];
          await setMemberRole(db, e, d.teamId, d.userId, upcastAssignedRole(d.assignedRole));
          break;
        }
        case 'TeamRoleAssigned': {
          const d = e.data as TeamRoleAssigned['data'];
          await setMemberRole(db, e, d.teamId, d.userId, d.assignedRole);
          break;
        }
        case 'TeamDeleted': {
          // Its members lose access here: every open role in it ends, the earlier ones stay (`?at=`).
          const d = e.data as TeamDeleted['data'];
          await db
            .updateTable('team_member_periods')
            .set({ valid_to: new Date(e.metadata.occurredAt) })
            .where('team_id', '=', d.teamId)
            .where('valid_to', 'is', null)
            .execute();
          // A deactivated member's kept roles there are not given back either.
          await db.deleteFrom('held_member_roles').where('team_id', '=', d.teamId).execute();
          break;
        }
        case 'TeamCreated': {
          const d = e.data as TeamCreated['data'];
          if (d.orgId === null) break;
          await db
            .insertInto('roster_team_orgs')
            .values({ team_id: d.teamId, org_id: d.orgId })
            .onConflict((oc) => oc.column('team_id').doNothing())
            .execute();
          break;
        }
        case 'OrgMemberDeactivated':
          await deactivate(db, e, e.data as OrgMemberDeactivated['data']);
          break;
        case 'OrgMemberReactivated':
          await reactivate(db, e, e.data as OrgMemberReactivated['data']);
          break;
      }
    }
  },
  afterCommit(events) {
    // The roster's players and their links; roles are announced by the teams read model.
    const teams = new Set(
      events.filter((e) => playerEventTypes.has(e.type)).map((e) => (e.data as { teamId: string }).teamId),
    );
    return [...teams].map((teamId) => ({
      subject: teamSubject(teamId, 'players'),
      data: toEnvelope({ type: 'team_players_changed', teamId }),
    }));
  },
};

import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import {
  upcastAssignedRole,
  type GuardianLinked,
  type GuardianUnlinked,
  type MemberJoined,
  type PlayerAccountLinked,
  type PlayerAccountUnlinked,
  type PlayerAdded,
  type TeamDeleted,
  type TeamRoleAssigned,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { PlayersTables } from './players-read-model.ts';

type DB = Kysely<PlayersTables>;
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

/** Players, their guardian and account links, and team roles over time (the roster's history). */
export const playersProjector: Projector<PlayersTables> = {
  name: 'roster',
  handles: [
    'PlayerAdded',
    'GuardianLinked',
    'GuardianUnlinked',
    'PlayerAccountLinked',
    'PlayerAccountUnlinked',
    'MemberJoined',
    'TeamRoleAssigned',
    'TeamDeleted',
  ],
  tables: ['players', 'player_guardians', 'player_accounts', 'team_member_periods'],
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
          break;
        }
      }
    }
  },
  afterCommit(events) {
    const teams = new Set(
      events
        .filter((e) => e.type !== 'MemberJoined' && e.type !== 'TeamRoleAssigned' && e.type !== 'TeamDeleted')
        .map((e) => (e.data as { teamId: string }).teamId),
    );
    return [...teams].map((teamId) => ({
      subject: teamSubject(teamId, 'players'),
      data: toEnvelope({ type: 'team_players_changed', teamId }),
    }));
  },
};

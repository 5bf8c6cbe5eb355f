import type { Kysely } from 'kysely';
import { toEnvelope, userSubject, teamSubject } from '@sideline/infra';
import {
  upcastAssignedRole,
  type MemberJoined,
  type OrgMemberDeactivated,
  type OrgMemberReactivated,
  type TeamCreated,
  type TeamDeleted,
  type TeamRoleAssigned,
  type TeamUpdated,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import { holdDeactivatedMemberships, recountMembers, releaseMemberships } from './deactivated-memberships.ts';
import type { TeamsTables } from './teams-read-model.ts';

const deactivationTypes: ReadonlySet<string> = new Set(['OrgMemberDeactivated', 'OrgMemberReactivated']);

export const teamsProjector: Projector<TeamsTables> = {
  name: 'teams',
  handles: [
    'TeamCreated',
    'MemberJoined',
    'TeamRoleAssigned',
    'TeamUpdated',
    'TeamDeleted',
    'OrgMemberDeactivated',
    'OrgMemberReactivated',
  ],
  tables: ['teams', 'team_members', 'deactivated_team_members', 'deactivated_org_members'],
  async apply(trx, events) {
    const db: Kysely<TeamsTables> = trx;
    const teams = events
      .filter((e) => e.type === 'TeamCreated')
      .map((e) => {
        const d = e.data as TeamCreated['data'];
        return {
          id: d.teamId,
          name: d.name,
          sport: d.sport,
          age_group: d.ageGroup,
          is_indie: d.isIndie,
          org_id: d.orgId,
          coach_id: d.coachId,
          creator_id: d.creatorId,
          code: d.code,
          member_count: 0,
          created_at: new Date(e.metadata.occurredAt),
          season_id: d.seasonId ?? null,
        };
      });
    if (teams.length > 0) await db.insertInto('teams').values(teams).execute();
    // Teams whose memberships changed: their member counts are refreshed once, at the end.
    const touched: string[] = [];

    const members = events
      .filter((e) => e.type === 'MemberJoined')
      .map((e) => {
        const d = e.data as MemberJoined['data'];
        return {
          team_id: d.teamId,
          user_id: d.userId,
          assigned_role: upcastAssignedRole(d.assignedRole),
          joined_at: new Date(e.metadata.occurredAt),
        };
      });
    if (members.length > 0) {
      await db
        .insertInto('team_members')
        .values(members)
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
      touched.push(...members.map((m) => m.team_id));
      // Joined a team of an organization that has deactivated them (as of this batch's start; a
      // deactivation later in the batch holds them below): held at once, never active.
      await holdDeactivatedMemberships(db, [...new Set(members.map((m) => m.user_id))]);
    }

    // In log order, after the joins of this batch: a role is only ever assigned to a member.
    for (const e of events) {
      if (e.type !== 'TeamRoleAssigned') continue;
      const d = e.data as TeamRoleAssigned['data'];
      for (const table of ['team_members', 'deactivated_team_members'] as const) {
        await db
          .updateTable(table)
          .set({ assigned_role: d.assignedRole })
          .where('team_id', '=', d.teamId)
          .where('user_id', '=', d.userId)
          .execute();
      }
    }
    for (const e of events) {
      if (e.type !== 'TeamUpdated') continue;
      const d = e.data as TeamUpdated['data'];
      await db
        .updateTable('teams')
        .set({
          name: d.name,
          sport: d.sport,
          age_group: d.ageGroup,
          // Older events carry no zone: it did not change then.
          ...(d.timeZone !== undefined && { time_zone: d.timeZone }),
          ...(d.reminders !== undefined && { reminders: d.reminders }),
        })
        .where('id', '=', d.teamId)
        .execute();
    }
    // A deleted team leaves every member's list and read; its row stays for the names in its history.
    for (const e of events) {
      if (e.type !== 'TeamDeleted') continue;
      const d = e.data as TeamDeleted['data'];
      await db.deleteFrom('team_members').where('team_id', '=', d.teamId).execute();
      await db.deleteFrom('deactivated_team_members').where('team_id', '=', d.teamId).execute();
      await db
        .updateTable('teams')
        .set({ deleted_at: new Date(e.metadata.occurredAt), member_count: 0 })
        .where('id', '=', d.teamId)
        .execute();
    }
    // In log order, after this batch's joins: an organization's deactivation holds the person's
    // memberships of its teams (and only its teams); its reactivation gives them back.
    for (const e of events) {
      if (e.type === 'OrgMemberDeactivated') {
        const d = e.data as OrgMemberDeactivated['data'];
        await db
          .insertInto('deactivated_org_members')
          .values({ org_id: d.orgId, user_id: d.userId })
          .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
          .execute();
        touched.push(...(await holdDeactivatedMemberships(db, [d.userId])));
      } else if (e.type === 'OrgMemberReactivated') {
        const d = e.data as OrgMemberReactivated['data'];
        await db
          .deleteFrom('deactivated_org_members')
          .where('org_id', '=', d.orgId)
          .where('user_id', '=', d.userId)
          .execute();
        touched.push(...(await releaseMemberships(db, d.orgId, d.userId)));
      }
    }
    await recountMembers(db, touched);
  },
  // A member's own list of teams changes with their membership and role.
  // A deletion changes many members' lists at once (and the organization's), and so does a
  // deactivation (every team of the organization the person is in): everything is read again.
  // Every change of a team here may be one of its memberships (the only writer of team_members).
  changes: (events) => {
    if (events.some((e) => e.type === 'TeamDeleted' || deactivationTypes.has(e.type))) return 'everything';
    const changes = changesFromEventData(events, ['userId', 'creatorId']);
    return changes === 'everything' ? changes : { ...changes, members: changes.teams };
  },
  afterCommit(events) {
    // Its members' sockets re-check their teams and stop getting the deleted team's frames.
    const deletions = events
      .filter((e) => e.type === 'TeamDeleted')
      .flatMap((e) => {
        const d = e.data as TeamDeleted['data'];
        return d.memberIds.map((userId) => ({
          subject: userSubject(userId, 'membership'),
          data: toEnvelope({ type: 'membership_changed', teamId: d.teamId }),
        }));
      });
    const joins = events
      .filter((e) => e.type === 'MemberJoined' || e.type === 'TeamRoleAssigned')
      .flatMap((e) => {
        const d = e.data as MemberJoined['data'] | TeamRoleAssigned['data'];
        return [
          // The member's sockets re-check their teams (and role); the team's members refresh their lists.
          {
            subject: userSubject(d.userId, 'membership'),
            data: toEnvelope({ type: 'membership_changed', teamId: d.teamId }),
          },
          {
            subject: teamSubject(d.teamId, 'members'),
            data: toEnvelope({ type: 'team_members_changed', teamId: d.teamId }),
          },
        ];
      });
    // The person's sockets leave (or may join again) the organization's team rooms.
    const deactivations = events
      .filter((e) => deactivationTypes.has(e.type))
      .map((e) => {
        const d = e.data as OrgMemberDeactivated['data'];
        return {
          subject: userSubject(d.userId, 'membership'),
          data: toEnvelope({ type: 'membership_changed', orgId: d.orgId }),
        };
      });
    return [...joins, ...deletions, ...deactivations];
  },
};

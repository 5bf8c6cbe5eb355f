import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  fold,
  invitationDecider,
  invitationStream,
  orgDecider,
  orgStream,
  playerDecider,
  playerStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type Decider,
  type InvitationCommand,
  type OrgCommand,
  type PlayerCommand,
  type TeamCommand,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { invitationsProjector } from '../invitations/invitations-projector.ts';
import { orgPeopleProjector } from '../orgs/people-projector.ts';
import { listInvitations } from '../invitations/invitations-queries.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { teamsProjector } from '../teams/teams-projector.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { playersProjector } from './players-projector.ts';
import { listPlayers, listTeamMembersAt } from './players-queries.ts';
import { playersMigrations } from './players-read-model.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, teamsProjector, playersProjector, invitationsProjector, orgPeopleProjector];
const { fixture, project } = projectorFixtures(projectors);

/** The test's clock: every command happens one minute after the previous one. */
let clock = Date.parse('2026-04-01T09:00:00.000Z');
const tick = () => new Date((clock += 60_000)).toISOString();
/** A moment between the last command and the next. */
const between = () => new Date(clock + 30_000);

async function run<C, E extends { type: string; data: unknown }, S>(
  f: ProjectorFixture,
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
) {
  const history = (await f.eventStore.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
  const events = decider.decide(command, fold(decider, history));
  const metadata = { actorId: null, correlationId: 'c', causationId: null, occurredAt: tick() };
  const appended: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data, metadata }));
  if (appended.length > 0) {
    f.last = (await f.eventStore.appendToStream(stream, appended, { expectedRevision: 'any' })).position;
  }
}

const register = (f: ProjectorFixture, userId: string, role: 'coach' | 'parent' | 'player') =>
  run(f, userDecider, userStream(userId), {
    type: 'RegisterUser',
    data: { userId, name: `Name ${userId}`, email: `${userId}@example.com`, role },
  });
const team = (f: ProjectorFixture, command: TeamCommand) => run(f, teamDecider, teamStream('t1'), command);
const player = (f: ProjectorFixture, command: PlayerCommand) =>
  run(f, playerDecider, playerStream(command.data.playerId), command);
const invitation = (f: ProjectorFixture, invitationId: string, command: InvitationCommand) =>
  run(f, invitationDecider, invitationStream(invitationId), command);

const createTeam: TeamCommand = {
  type: 'CreateTeam',
  data: {
    teamId: 't1',
    name: 'Tigers',
    sport: 'Soccer',
    ageGroup: null,
    code: 'ABC234',
    creatorId: 'c1',
    creatorRole: 'coach',
  },
};
const addPlayer = (playerId: string, name: string): PlayerCommand => ({
  type: 'AddPlayer',
  data: { playerId, teamId: 't1', name, jerseyNumber: null, by: 'c1' },
});
const inviteParent = (invitationId: string, playerId: string): InvitationCommand => ({
  type: 'IssueInvitation',
  data: {
    invitationId,
    teamId: 't1',
    playerId,
    inviteType: 'parent',
    inviteeName: 'Parent',
    inviteeEmail: 'parent@example.com',
    ageGroup: null,
    specialization: null,
    by: 'c1',
    now: new Date(clock).toISOString(),
  },
});
const accept = (invitationId: string, userId: string): InvitationCommand => ({
  type: 'AcceptInvite',
  data: { invitationId, tokenVersion: 1, userId, userEmail: 'parent@example.com', now: new Date(clock).toISOString() },
});
/** What AcceptInvite's handler does after the acceptance: the membership, then the guardian link. */
async function acceptAsParent(f: ProjectorFixture, invitationId: string, userId: string, playerId: string) {
  await invitation(f, invitationId, accept(invitationId, userId));
  await team(f, {
    type: 'JoinTeam',
    data: { teamId: 't1', userId, via: 'invitation', invitedRole: 'parent', invitationId, invitedBy: 'c1' },
  });
  await player(f, {
    type: 'LinkGuardian',
    data: { playerId, teamId: 't1', userId, by: userId, byCanManage: false, invitationId },
  });
}

const statuses = async (f: ProjectorFixture, at?: Date) =>
  (await listPlayers(f.database.db, 't1', at ? { at } : {})).map((p) => [
    p.name,
    p.linkStatus,
    p.guardians.map((g) => g.userId),
  ]);

for (const kind of await testDatabaseKinds()) {
  describe(`roster projector on ${kind}`, () => {
    it('computes Linked, Pending, Unlinked and "in neither list" from the events the deciders emit', async () => {
      const f = await fixture(kind);
      for (const [id, role] of [
        ['c1', 'coach'],
        ['g1', 'parent'],
        ['g2', 'parent'],
      ] as const)
        await register(f, id, role);
      await team(f, createTeam);
      await player(f, addPlayer('p1', 'Linked Lia'));
      await player(f, addPlayer('p2', 'Pending Pia'));
      await player(f, addPlayer('p3', 'Waiting Wes'));
      await player(f, addPlayer('p4', 'Unlisted Uma'));
      await player(f, addPlayer('p5', 'Revoked Rex'));
      await invitation(f, 'i1', inviteParent('i1', 'p1'));
      await acceptAsParent(f, 'i1', 'g1', 'p1');
      await invitation(f, 'i2', inviteParent('i2', 'p2'));
      // Uma's parent accepted and was unlinked later: a used invitation and no parent.
      await invitation(f, 'i4', inviteParent('i4', 'p4'));
      await acceptAsParent(f, 'i4', 'g2', 'p4');
      await player(f, {
        type: 'UnlinkGuardian',
        data: { playerId: 'p4', teamId: 't1', userId: 'g2', by: 'c1', byCanManage: true },
      });
      await invitation(f, 'i5', inviteParent('i5', 'p5'));
      await invitation(f, 'i5', {
        type: 'RevokeInvitation',
        data: { invitationId: 'i5', teamId: 't1', by: 'c1' },
      });
      await project(f);

      expect(await statuses(f)).toEqual([
        ['Linked Lia', 'linked', ['g1']],
        ['Pending Pia', 'pending', []],
        ['Waiting Wes', 'unlinked', []],
        ['Unlisted Uma', 'unlisted', []],
        ['Revoked Rex', 'unlinked', []],
      ]);
      const [lia] = await listPlayers(f.database.db, 't1');
      expect(lia).toMatchObject({ teamId: 't1', jerseyNumber: null, xp: 0, dulars: 0, account: null });
      expect(lia!.guardians[0]).toMatchObject({ userId: 'g1', name: 'Name g1' });
      expect((await listInvitations(f.database.db, 't1', new Date(clock))).map((i) => [i.id, i.status])).toEqual([
        ['i5', 'revoked'],
        ['i4', 'used'],
        ['i2', 'pending'],
        ['i1', 'used'],
      ]);

      // Members' screens refresh the players and the invitations after each change.
      await f.bus.flush();
      const subjects = new Set(f.published.map((p) => p.subject));
      expect([...subjects].filter((s) => /\.(players|invitations)$/.test(s)).sort()).toEqual([
        'sideline.team.t1.invitations',
        'sideline.team.t1.players',
      ]);

      const before = await listPlayers(f.database.db, 't1');
      await rebuildProjections({ ...f, logger, projectors });
      expect(await listPlayers(f.database.db, 't1')).toEqual(before);
    });

    it('answers the roster at a moment from history; later changes never rewrite an earlier answer', async () => {
      const f = await fixture(kind);
      for (const [id, role] of [
        ['c1', 'coach'],
        ['g1', 'parent'],
        ['g2', 'parent'],
        ['s1', 'coach'],
      ] as const)
        await register(f, id, role);
      await team(f, createTeam);
      await player(f, addPlayer('p1', 'Mia'));
      const t1 = between(); // Mia on the roster, nobody linked; only the creator in the team.
      await invitation(f, 'i1', inviteParent('i1', 'p1'));
      const t2 = between(); // Mia pending.
      await acceptAsParent(f, 'i1', 'g1', 'p1');
      await team(f, { type: 'JoinTeam', data: { teamId: 't1', userId: 's1', via: 'code', accountRole: 'coach' } });
      const t3 = between(); // g1 parent and linked; s1 other.
      await project(f);
      const answersAt = async (at: Date) => ({
        players: await statuses(f, at),
        members: (await listTeamMembersAt(f.database.db, 't1', at)).map((m) => [m.userId, m.assignedRole, m.canManage]),
      });
      const earlier = await Promise.all([t1, t2, t3].map(answersAt));
      expect(earlier).toEqual([
        { players: [['Mia', 'unlinked', []]], members: [['c1', 'coach', true]] },
        { players: [['Mia', 'pending', []]], members: [['c1', 'coach', true]] },
        {
          players: [['Mia', 'linked', ['g1']]],
          members: [
            ['c1', 'coach', true],
            ['g1', 'parent', false],
            ['s1', 'other', false],
          ],
        },
      ]);

      // Later: s1 is made coach, g1 unlinked, g2 linked to Mia and a second player added.
      await team(f, {
        type: 'AssignTeamRole',
        data: { teamId: 't1', userId: 's1', assignedRole: 'coach', by: 'c1', byIsOrgAdmin: false },
      });
      await player(f, {
        type: 'UnlinkGuardian',
        data: { playerId: 'p1', teamId: 't1', userId: 'g1', by: 'c1', byCanManage: true },
      });
      await invitation(f, 'i2', inviteParent('i2', 'p1'));
      await acceptAsParent(f, 'i2', 'g2', 'p1');
      await player(f, addPlayer('p2', 'Noah'));
      const t4 = between();
      await project(f);

      expect(await Promise.all([t1, t2, t3].map(answersAt))).toEqual(earlier);
      expect(await answersAt(t4)).toEqual({
        players: [
          ['Mia', 'linked', ['g2']],
          ['Noah', 'unlinked', []],
        ],
        members: [
          ['c1', 'coach', true],
          ['g1', 'parent', false],
          ['s1', 'coach', true],
          ['g2', 'parent', false],
        ],
      });
      // Now (no moment given) is the same as the latest moment.
      expect(await statuses(f)).toEqual((await answersAt(t4)).players);
      // Before the team existed there was no roster.
      expect(await answersAt(new Date('2026-01-01T00:00:00Z'))).toEqual({ players: [], members: [] });

      // A role change keeps the date the member joined.
      const [atT3, atT4] = await Promise.all([t3, t4].map((t) => listTeamMembersAt(f.database.db, 't1', t)));
      expect(atT4!.find((m) => m.userId === 's1')!.joinedAt).toBe(atT3!.find((m) => m.userId === 's1')!.joinedAt);

      const history = await Promise.all([t1, t2, t3, t4].map(answersAt));
      await rebuildProjections({ ...f, logger, projectors });
      expect(await Promise.all([t1, t2, t3, t4].map(answersAt))).toEqual(history);
    });

    it("a team's deletion ends its members' roles there; earlier moments answer as they were, also after a rebuild", async () => {
      const f = await fixture(kind);
      for (const [id, role] of [
        ['a1', 'coach'],
        ['g1', 'parent'],
      ] as const)
        await register(f, id, role);
      const orgTeam = (command: TeamCommand) => run(f, teamDecider, teamStream('o-t1'), command);
      await orgTeam({
        type: 'CreateOrgTeam',
        data: {
          teamId: 'o-t1',
          orgId: 'o1',
          seasonId: 's1',
          name: 'Owls',
          sport: 'Soccer',
          ageGroup: null,
          code: 'OWL234',
          creatorId: 'a1',
          coachId: null,
          byIsOrgAdmin: true,
        },
      });
      await orgTeam({ type: 'JoinTeam', data: { teamId: 'o-t1', userId: 'g1', via: 'code', accountRole: 'parent' } });
      const before = between();
      await orgTeam({ type: 'DeleteTeam', data: { teamId: 'o-t1', by: 'a1', byIsOrgAdmin: true } });
      const after = between();
      await project(f);
      const membersAt = async (at: Date) =>
        (await listTeamMembersAt(f.database.db, 'o-t1', at)).map((m) => [m.userId, m.assignedRole]);
      expect(await membersAt(before)).toEqual([
        ['a1', 'other'],
        ['g1', 'parent'],
      ]);
      expect(await membersAt(after)).toEqual([]);
      const periods = () =>
        f.database.db
          .selectFrom('team_member_periods')
          .select(['user_id', 'valid_to'])
          .where('team_id', '=', 'o-t1')
          .orderBy('user_id')
          .execute();
      const closed = await periods();
      expect(
        closed.every((p) => p.valid_to !== null && new Date(p.valid_to) > before && new Date(p.valid_to) < after),
      ).toBe(true);

      await rebuildProjections({ ...f, logger, projectors });
      expect(await membersAt(before)).toEqual([
        ['a1', 'other'],
        ['g1', 'parent'],
      ]);
      expect(await membersAt(after)).toEqual([]);

      // Rows projected before the projector closed roles on deletion: the migration closes them.
      await sql`UPDATE team_member_periods SET valid_to = NULL WHERE team_id = 'o-t1'`.execute(f.database.db);
      expect(await membersAt(after)).toHaveLength(2);
      await playersMigrations['1930_member_periods_of_deleted_teams']!.up(f.database.db);
      expect(await periods()).toEqual(closed);
    });

    it("an organization's deactivation ends the person's roles in its teams; its reactivation begins them again", async () => {
      const f = await fixture(kind);
      for (const [id, role] of [
        ['a1', 'coach'],
        ['g1', 'parent'],
        ['x1', 'coach'],
      ] as const)
        await register(f, id, role);
      const org = (command: OrgCommand) => run(f, orgDecider, orgStream('o1'), command);
      await org({
        type: 'CreateOrganization',
        data: {
          orgId: 'o1',
          name: 'Riverside',
          description: null,
          timezone: 'UTC',
          defaultSport: 'Soccer',
          creatorId: 'a1',
        },
      });
      const orgTeam = (teamId: string, orgId: string, code: string) =>
        run(f, teamDecider, teamStream(teamId), {
          type: 'CreateOrgTeam',
          data: {
            teamId,
            orgId,
            seasonId: 's1',
            name: `Team ${teamId}`,
            sport: 'Soccer',
            ageGroup: null,
            code,
            creatorId: 'a1',
            coachId: null,
            byIsOrgAdmin: true,
          },
        });
      const inTeam = (teamId: string, command: TeamCommand) => run(f, teamDecider, teamStream(teamId), command);
      await orgTeam('o-t1', 'o1', 'OWL234');
      await orgTeam('o-t2', 'o1', 'HAW234');
      // A team of another organization and an independent team: its deactivation leaves them alone.
      await orgTeam('p-t1', 'o2', 'OTR234');
      await team(f, createTeam);
      for (const teamId of ['o-t1', 'o-t2', 'p-t1', 't1'])
        await inTeam(teamId, { type: 'JoinTeam', data: { teamId, userId: 'g1', via: 'code', accountRole: 'parent' } });
      await inTeam('o-t1', {
        type: 'AssignTeamRole',
        data: { teamId: 'o-t1', userId: 'g1', assignedRole: 'coach', by: 'a1', byIsOrgAdmin: true },
      });
      const before = between();
      await org({ type: 'DeactivateOrgMember', data: { orgId: 'o1', userId: 'g1', by: 'a1', isMember: true } });
      const during = between();
      // A role given while deactivated is the one they get back.
      await inTeam('o-t2', {
        type: 'AssignTeamRole',
        data: { teamId: 'o-t2', userId: 'g1', assignedRole: 'coach', by: 'a1', byIsOrgAdmin: true },
      });
      const stillDeactivated = between();
      await org({ type: 'ReactivateOrgMember', data: { orgId: 'o1', userId: 'g1', by: 'a1' } });
      const after = between();
      await project(f);

      const roleAt = async (teamId: string, at: Date) =>
        (await listTeamMembersAt(f.database.db, teamId, at)).find((m) => m.userId === 'g1')?.assignedRole ?? null;
      const roles = async (at: Date) => Promise.all(['o-t1', 'o-t2', 'p-t1', 't1'].map((teamId) => roleAt(teamId, at)));
      const history = [
        [before, ['coach', 'parent', 'parent', 'parent']],
        [during, [null, null, 'parent', 'parent']],
        [stillDeactivated, [null, null, 'parent', 'parent']],
        [after, ['coach', 'coach', 'parent', 'parent']],
      ] as const;
      for (const [at, expected] of history) expect(await roles(at)).toEqual(expected);
      // They joined when they joined: the reactivation is not a new membership.
      const [joined] = await listTeamMembersAt(f.database.db, 'o-t1', after).then((ms) =>
        ms.filter((m) => m.userId === 'g1').map((m) => m.joinedAt),
      );
      expect(Date.parse(joined!)).toBeLessThan(before.getTime());

      await rebuildProjections({ ...f, logger, projectors });
      for (const [at, expected] of history) expect(await roles(at)).toEqual(expected);

      // Deactivated again, then the team is deleted: nothing of it comes back at the reactivation.
      await org({ type: 'DeactivateOrgMember', data: { orgId: 'o1', userId: 'g1', by: 'a1', isMember: true } });
      await inTeam('o-t1', { type: 'DeleteTeam', data: { teamId: 'o-t1', by: 'a1', byIsOrgAdmin: true } });
      await org({ type: 'ReactivateOrgMember', data: { orgId: 'o1', userId: 'g1', by: 'a1' } });
      const later = between();
      await project(f);
      expect(await roles(later)).toEqual([null, 'coach', 'parent', 'parent']);
    });

    it('the migration ends the roles of people deactivated before the projector did, at their deactivation', async () => {
      const f = await fixture(kind);
      for (const [id, role] of [
        ['a1', 'coach'],
        ['g1', 'parent'],
      ] as const)
        await register(f, id, role);
      await run(f, orgDecider, orgStream('o1'), {
        type: 'CreateOrganization',
        data: {
          orgId: 'o1',
          name: 'Riverside',
          description: null,
          timezone: 'UTC',
          defaultSport: 'Soccer',
          creatorId: 'a1',
        },
      });
      const orgTeam = (command: TeamCommand) => run(f, teamDecider, teamStream('o-t1'), command);
      await orgTeam({
        type: 'CreateOrgTeam',
        data: {
          teamId: 'o-t1',
          orgId: 'o1',
          seasonId: 's1',
          name: 'Owls',
          sport: 'Soccer',
          ageGroup: null,
          code: 'OWL234',
          creatorId: 'a1',
          coachId: null,
          byIsOrgAdmin: true,
        },
      });
      await orgTeam({ type: 'JoinTeam', data: { teamId: 'o-t1', userId: 'g1', via: 'code', accountRole: 'parent' } });
      const before = between();
      await run(f, orgDecider, orgStream('o1'), {
        type: 'DeactivateOrgMember',
        data: { orgId: 'o1', userId: 'g1', by: 'a1', isMember: true },
      });
      const after = between();
      await project(f);
      const periods = () =>
        f.database.db
          .selectFrom('team_member_periods')
          .select(['user_id', 'assigned_role', 'valid_from', 'valid_to'])
          .where('team_id', '=', 'o-t1')
          .orderBy('user_id')
          .execute();
      const closed = await periods();
      const members = async (at: Date) => (await listTeamMembersAt(f.database.db, 'o-t1', at)).map((m) => m.userId);
      expect(await members(before)).toEqual(['a1', 'g1']);
      expect(await members(after)).toEqual(['a1']);

      // As the read model was before the projector ended roles at a deactivation.
      for (const table of ['roster_team_orgs', 'roster_deactivations', 'held_member_roles'])
        await sql`DROP TABLE ${sql.table(table)}`.execute(f.database.db);
      await sql`UPDATE team_member_periods SET valid_to = NULL WHERE team_id = 'o-t1'`.execute(f.database.db);
      expect(await members(after)).toEqual(['a1', 'g1']);
      await playersMigrations['1960_roster_deactivations']!.up(f.database.db);
      expect(await periods()).toEqual(closed);
      expect(await members(before)).toEqual(['a1', 'g1']);

      // And the reactivation that follows gives the role back.
      await run(f, orgDecider, orgStream('o1'), {
        type: 'ReactivateOrgMember',
        data: { orgId: 'o1', userId: 'g1', by: 'a1' },
      });
      const reactivated = between();
      await project(f);
      expect(await members(reactivated)).toEqual(['a1', 'g1']);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger, type BusMessage, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  fold,
  orgDecider,
  orgStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type AssignedRole,
  type Decider,
  type OrgCommand,
  type TeamCommand,
  type TeamEvent,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { teamsProjector } from './teams-projector.ts';
import { orgsMigrations } from '../orgs/orgs-read-model.ts';
import { orgsProjector } from '../orgs/orgs-projector.ts';
import { findTeamForMember, listTeamMembers, listTeamsOfUser } from './teams-queries.ts';
import { teamsMigrations } from './teams-read-model.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, teamsProjector, orgsProjector];
const { fixture, project } = projectorFixtures(projectors);

let clock = Date.now() - 60_000;
const meta = () => ({
  actorId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date((clock += 1_000)).toISOString(),
});

/** Decides the command against the stream's history and appends what the real decider emits. */
async function run<C, E extends { type: string; data: unknown }, S>(
  f: ProjectorFixture,
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
) {
  const history = (await f.eventStore.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
  const events = decider.decide(command, fold(decider, history));
  const appended: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data, metadata: meta() }));
  f.last = (await f.eventStore.appendToStream(stream, appended, { expectedRevision: 'any' })).position;
}

const register = (f: ProjectorFixture, userId: string, role: 'coach' | 'parent' | 'player') =>
  run(f, userDecider, userStream(userId), {
    type: 'RegisterUser',
    data: { userId, name: `Name ${userId}`, email: `${userId}@example.com`, role },
  });
const team = (f: ProjectorFixture, command: TeamCommand) => run(f, teamDecider, teamStream('t1'), command);
const create: TeamCommand = {
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
const join = (userId: string, accountRole: 'coach' | 'parent' | 'player'): TeamCommand => ({
  type: 'JoinTeam',
  data: { teamId: 't1', userId, via: 'code', accountRole },
});
const assign = (userId: string, assignedRole: AssignedRole, by: string): TeamCommand => ({
  type: 'AssignTeamRole',
  data: { teamId: 't1', userId, assignedRole, by, byIsOrgAdmin: false },
});

const orgTeam = (teamId: string, orgId: string, creatorId: string, coachId: string | null = null): TeamCommand => ({
  type: 'CreateOrgTeam',
  data: {
    teamId,
    orgId,
    seasonId: `s-${orgId}`,
    name: `Team ${teamId}`,
    sport: 'Soccer',
    ageGroup: null,
    code: `C${teamId.toUpperCase()}234`,
    creatorId,
    coachId,
    byIsOrgAdmin: true,
  },
});
const joinTeam = (teamId: string, userId: string): TeamCommand => ({
  type: 'JoinTeam',
  data: { teamId, userId, via: 'code', accountRole: 'parent' },
});
const org = (f: ProjectorFixture, orgId: string, command: OrgCommand) => run(f, orgDecider, orgStream(orgId), command);
const createOrg = (f: ProjectorFixture, orgId: string, creatorId: string) =>
  org(f, orgId, {
    type: 'CreateOrganization',
    data: { orgId, name: orgId, description: null, timezone: 'UTC', defaultSport: 'Soccer', creatorId },
  });
const deactivate = (orgId: string, userId: string, by: string): OrgCommand => ({
  type: 'DeactivateOrgMember',
  data: { orgId, userId, by, isMember: true },
});
const reactivate = (orgId: string, userId: string, by: string): OrgCommand => ({
  type: 'ReactivateOrgMember',
  data: { orgId, userId, by },
});

const roster = async (f: ProjectorFixture) =>
  (await listTeamMembers(f.database.db, 't1')).map((m) => [m.userId, m.assignedRole, m.canManage]);

for (const kind of await testDatabaseKinds()) {
  describe(`teams projector on ${kind}`, () => {
    it('stores each member’s team role and who manages; an assignment updates both, also in the same batch', async () => {
      const f = await fixture(kind);
      await register(f, 'c1', 'coach');
      await register(f, 's1', 'coach');
      await register(f, 'p1', 'parent');
      await register(f, 'k1', 'player');
      await team(f, create);
      await team(f, join('s1', 'coach'));
      await team(f, join('p1', 'parent'));
      await team(f, join('k1', 'player'));
      await project(f);
      expect(await roster(f)).toEqual([
        ['c1', 'coach', true],
        ['s1', 'other', false],
        ['p1', 'parent', false],
        ['k1', 'player', false],
      ]);
      expect(await findTeamForMember(f.database.db, 't1', 's1')).toMatchObject({ myAssignedRole: 'other' });

      // Assigned and taken away and assigned again, all in one projector batch.
      await team(f, assign('s1', 'coach', 'c1'));
      await team(f, assign('p1', 'coach', 's1'));
      await team(f, assign('p1', 'parent', 'c1'));
      await project(f);
      expect(await roster(f)).toEqual([
        ['c1', 'coach', true],
        ['s1', 'coach', true],
        ['p1', 'parent', false],
        ['k1', 'player', false],
      ]);
      expect(await findTeamForMember(f.database.db, 't1', 's1')).toMatchObject({ myAssignedRole: 'coach' });

      await f.bus.flush();
      const teamFrames = f.published.filter((p) => p.subject === 'sideline.team.t1.members');
      // Four joins (the creator's included) and three assignments: the roster refreshes after each.
      expect(teamFrames).toHaveLength(7);

      const before = await listTeamMembers(f.database.db, 't1');
      await rebuildProjections({ ...f, logger, projectors });
      expect(await listTeamMembers(f.database.db, 't1')).toEqual(before);
    });

    it('forgets a deleted team for every member (rows, lists, reads) and tells their sockets, also after a rebuild', async () => {
      const f = await fixture(kind);
      await register(f, 'a1', 'coach');
      await register(f, 'c1', 'coach');
      await register(f, 'p1', 'parent');
      await team(f, {
        type: 'CreateOrgTeam',
        data: {
          teamId: 't1',
          orgId: 'o1',
          seasonId: 's1',
          name: 'Tigers',
          sport: 'Soccer',
          ageGroup: null,
          code: 'ABC234',
          creatorId: 'a1',
          coachId: 'c1',
          byIsOrgAdmin: true,
        },
      });
      await team(f, join('p1', 'parent'));
      await project(f);
      expect(await findTeamForMember(f.database.db, 't1', 'p1')).toMatchObject({ name: 'Tigers' });
      const toUsers: BusMessage[] = [];
      f.bus.subscribe('sideline.user.*.>', (m) => void toUsers.push(m));
      await team(f, { type: 'DeleteTeam', data: { teamId: 't1', by: 'a1', byIsOrgAdmin: true } });
      await project(f);
      const gone = async () => {
        for (const userId of ['a1', 'c1', 'p1']) {
          expect(await findTeamForMember(f.database.db, 't1', userId)).toBeNull();
          expect(await listTeamsOfUser(f.database.db, userId)).toEqual([]);
        }
        expect(await listTeamMembers(f.database.db, 't1')).toEqual([]);
        const { rows } = await sql<{ deleted: boolean }>`
          SELECT deleted_at IS NOT NULL AS deleted FROM teams WHERE id = 't1'`.execute(f.database.db);
        expect(rows).toEqual([{ deleted: true }]);
      };
      await gone();
      await f.bus.flush();
      expect(toUsers.map((m) => m.subject).filter((subject) => subject.endsWith('.membership'))).toEqual([
        'sideline.user.a1.membership',
        'sideline.user.c1.membership',
        'sideline.user.p1.membership',
      ]);
      await rebuildProjections({ ...f, logger, projectors });
      await gone();
    });

    it('reads a code join stored before team roles existed as "other", on replay and in rows projected before', async () => {
      const f = await fixture(kind);
      await register(f, 'c1', 'coach');
      await register(f, 'old', 'coach');
      await team(f, create);
      // Exactly what the previous decider appended for a code join; stored events are never rewritten.
      const legacy: TeamEvent = {
        type: 'MemberJoined',
        data: { teamId: 't1', userId: 'old', assignedRole: 'member', via: 'code' },
      };
      f.last = (
        await f.eventStore.appendToStream(teamStream('t1'), [{ ...legacy, metadata: meta() }], {
          expectedRevision: 'any',
        })
      ).position;
      await project(f);
      expect(await roster(f)).toEqual([
        ['c1', 'coach', true],
        ['old', 'other', false],
      ]);

      // A database projected by the old code holds 'member': the read-model migration renames it.
      await sql`UPDATE team_members SET assigned_role = 'member' WHERE user_id = 'old'`.execute(f.database.db);
      await teamsMigrations['1003_team_member_roles']!.up(f.database.db);
      expect(await roster(f)).toEqual([
        ['c1', 'coach', true],
        ['old', 'other', false],
      ]);
    });

    it("holds a deactivated person's memberships of that organization's teams only, and gives them back on reactivation", async () => {
      const f = await fixture(kind);
      for (const [userId, role] of [
        ['a1', 'coach'],
        ['b1', 'coach'],
        ['p1', 'parent'],
      ] as const) {
        await register(f, userId, role);
      }
      await createOrg(f, 'o1', 'a1');
      await createOrg(f, 'o2', 'b1');
      await run(f, teamDecider, teamStream('t1'), orgTeam('t1', 'o1', 'a1'));
      await run(f, teamDecider, teamStream('t2'), orgTeam('t2', 'o1', 'a1'));
      await run(f, teamDecider, teamStream('t3'), orgTeam('t3', 'o2', 'b1'));
      await run(f, teamDecider, teamStream('t1'), joinTeam('t1', 'p1'));
      await run(f, teamDecider, teamStream('t3'), joinTeam('t3', 'p1'));
      await project(f);
      const db = f.database.db;
      const teamsOf = async (userId: string) => (await listTeamsOfUser(db, userId)).map((t) => t.id);
      const count = async (teamId: string) =>
        (await sql<{ n: number }>`SELECT member_count AS n FROM teams WHERE id = ${teamId}`.execute(db)).rows[0]!.n;
      expect(await teamsOf('p1')).toEqual(['t1', 't3']);
      expect(await count('t1')).toBe(2);

      const toUsers: BusMessage[] = [];
      f.bus.subscribe('sideline.user.*.>', (m) => void toUsers.push(m));
      await org(f, 'o1', deactivate('o1', 'p1', 'a1'));
      await project(f);
      const heldState = async () => {
        expect(await teamsOf('p1')).toEqual(['t3']);
        expect(await findTeamForMember(db, 't1', 'p1')).toBeNull();
        expect(await findTeamForMember(db, 't3', 'p1')).toMatchObject({ orgId: 'o2' });
        expect((await listTeamMembers(db, 't1')).map((m) => m.userId)).toEqual(['a1']);
        expect(await count('t1')).toBe(1);
      };
      await heldState();
      await f.bus.flush();
      // Their sockets re-check their teams (and leave t1's room).
      expect(toUsers.map((m) => [m.subject, m.data])).toEqual([
        ['sideline.user.p1.membership', { type: 'membership_changed', payload: { orgId: 'o1' } }],
      ]);

      // Joined meanwhile, and given a role meanwhile: held too, never active.
      await run(f, teamDecider, teamStream('t2'), joinTeam('t2', 'p1'));
      await run(f, teamDecider, teamStream('t1'), {
        type: 'AssignTeamRole',
        data: { teamId: 't1', userId: 'p1', assignedRole: 'coach', by: 'a1', byIsOrgAdmin: true },
      });
      await project(f);
      expect(await teamsOf('p1')).toEqual(['t3']);
      expect(await findTeamForMember(db, 't2', 'p1')).toBeNull();

      await org(f, 'o1', reactivate('o1', 'p1', 'a1'));
      await project(f);
      const activeState = async () => {
        expect((await listTeamsOfUser(db, 'p1')).map((t) => [t.id, t.myAssignedRole])).toEqual([
          ['t1', 'coach'],
          ['t3', 'parent'],
          ['t2', 'parent'],
        ]);
        expect(await count('t1')).toBe(2);
        expect(await count('t2')).toBe(2);
      };
      await activeState();

      // Deactivated, reactivated and deactivated again in one batch: held, whatever the batching.
      await org(f, 'o1', deactivate('o1', 'p1', 'a1'));
      await org(f, 'o1', reactivate('o1', 'p1', 'a1'));
      await org(f, 'o1', deactivate('o1', 'p1', 'a1'));
      await project(f);
      expect(await teamsOf('p1')).toEqual(['t3']);
      expect(await count('t2')).toBe(1);
      const before = await listTeamsOfUser(db, 'p1');
      await rebuildProjections({ ...f, logger, projectors });
      expect(await listTeamsOfUser(db, 'p1')).toEqual(before);
      expect(await count('t1')).toBe(1);

      // A team deleted while its member was held is gone from a reactivation too.
      await run(f, teamDecider, teamStream('t2'), {
        type: 'DeleteTeam',
        data: { teamId: 't2', by: 'a1', byIsOrgAdmin: true },
      });
      await org(f, 'o1', reactivate('o1', 'p1', 'a1'));
      await project(f);
      expect(await teamsOf('p1')).toEqual(['t1', 't3']);
    });

    it('a database projected before deactivations were per organization holds their memberships on migrating', async () => {
      const f = await fixture(kind);
      await register(f, 'a1', 'coach');
      await register(f, 'p1', 'parent');
      await createOrg(f, 'o1', 'a1');
      await run(f, teamDecider, teamStream('t1'), orgTeam('t1', 'o1', 'a1'));
      await run(f, teamDecider, teamStream('t1'), joinTeam('t1', 'p1'));
      await project(f);
      const db = f.database.db;
      // What the previous projectors left: the deactivation recorded, the membership and admin rights active.
      await sql`DROP TABLE deactivated_team_members, deactivated_org_members`.execute(db);
      await sql`INSERT INTO org_deactivations (org_id, user_id, by, at) VALUES ('o1', 'p1', 'a1', now())`.execute(db);
      await sql`INSERT INTO org_admins (org_id, user_id, added_at) VALUES ('o1', 'p1', now())`.execute(db);
      expect((await listTeamsOfUser(db, 'p1')).map((t) => t.id)).toEqual(['t1']);
      await teamsMigrations['1910_deactivated_team_members']!.up(db);
      await orgsMigrations['1911_deactivated_admins']!.up(db);
      expect(await listTeamsOfUser(db, 'p1')).toEqual([]);
      const admins = await sql<{ user_id: string }>`SELECT user_id FROM org_admins WHERE org_id = 'o1'`.execute(db);
      expect(admins.rows.map((r) => r.user_id)).toEqual(['a1']);
      const counted = await sql<{ n: number }>`SELECT member_count AS n FROM teams WHERE id = 't1'`.execute(db);
      expect(counted.rows[0]!.n).toBe(1);
    });
  });
}

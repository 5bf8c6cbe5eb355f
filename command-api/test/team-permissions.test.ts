import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { teamDecider, teamStream } from '@sideline/domain';
import { fact, given, person, signedIn, thenAppended, when, type Person } from './api-spec.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let creator: ApiClient;
let stranger: ApiClient;
let parent: ApiClient;
let player: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };
let otherTeam: { id: string };

const DAY = 86_400_000;
const game = () => ({ title: 'Game', date: new Date(Date.now() + 3 * DAY).toISOString(), isRecurring: false });
const rolePath = (teamId: string, userId: string) => `/api/teams/${teamId}/members/${userId}/role`;

beforeAll(async () => {
  server = await startTestServer();
  // Given five people, two teams and three members who joined by code: recorded by the real
  // deciders, without signing up and clicking through the API first.
  const [casey, sam, pat, pia, olly] = [
    person('Casey Creator', 'coach'),
    person('Sam Stranger', 'coach'),
    person('Pat Parent', 'parent'),
    person('Pia Player', 'player'),
    person('Olly Outsider', 'coach'),
  ];
  team = { id: randomUUID(), code: 'TGR234' };
  otherTeam = { id: randomUUID() };
  const create = (teamId: string, name: string, code: string, creatorId: string) =>
    fact(teamDecider, teamStream(teamId), {
      type: 'CreateTeam',
      data: { teamId, name, sport: 'Soccer', ageGroup: null, code, creatorId, creatorRole: 'coach' },
    });
  const joinByCode = (member: Person, accountRole: 'coach' | 'parent' | 'player') =>
    fact(teamDecider, teamStream(team.id), {
      type: 'JoinTeam',
      data: { teamId: team.id, userId: member.id, via: 'code', accountRole },
    });
  await given(
    server,
    ...[casey, sam, pat, pia, olly].map((p) => p.registered),
    create(team.id, 'Tigers', team.code, casey.id),
    create(otherTeam.id, 'Lions', 'LNS234', olly.id),
    joinByCode(sam, 'coach'),
    joinByCode(pat, 'parent'),
    joinByCode(pia, 'player'),
  );
  [creator, stranger, parent, player, outsider] = await Promise.all([
    signedIn(server, casey.id),
    signedIn(server, sam.id),
    signedIn(server, pat.id),
    signedIn(server, pia.id),
    signedIn(server, olly.id),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function tryEvents(client: ApiClient): Promise<[create: number, del: number]> {
  const created = await client.post(`/api/teams/${team.id}/events`, game());
  const target = await readJson(await creator.post(`/api/teams/${team.id}/events`, game()));
  const deleted = await client.delete(`/api/teams/${team.id}/events/${target.id}`);
  return [created.status, deleted.status];
}

async function tryPin(client: ApiClient): Promise<number> {
  const message = await readJson(await creator.post(`/api/teams/${team.id}/messages`, { text: 'Bring water' }));
  return (await client.post(`/api/teams/${team.id}/messages/${message.id}/pin`)).status;
}

describe('who manages a team (issue 7: a team code never makes anyone a manager)', () => {
  it('a stranger who signed up as coach and joined by code may not create or delete events, or pin; once the creator assigns them coach they may', async () => {
    const joined = await readJson(await stranger.get(`/api/teams/${team.id}`));
    expect(joined.myAssignedRole).toBe('other');
    expect(await tryEvents(stranger)).toEqual([403, 403]);
    expect(await tryPin(stranger)).toBe(403);
    // Nor can they promote themselves: refused, and nothing recorded.
    const stream = teamStream(team.id);
    const selfPromotion = await when(server, [stream], () =>
      stranger.put(rolePath(team.id, stranger.userId), { assignedRole: 'coach' }),
    );
    await thenAppended(selfPromotion, 403, stream, []);
    expect(await readJson(selfPromotion.response)).toMatchObject({
      code: 'TEAM_MANAGERS_ONLY',
      message: expect.any(String),
    });

    const assigned = await when(server, [stream], () =>
      creator.put(rolePath(team.id, stranger.userId), { assignedRole: 'coach' }),
    );
    await thenAppended(assigned, 200, stream, [
      { type: 'TeamRoleAssigned', data: { userId: stranger.userId, assignedRole: 'coach', by: creator.userId } },
    ]);
    expect(await readJson(assigned.response)).toMatchObject({
      userId: stranger.userId,
      name: 'Sam Stranger',
      role: 'coach',
      assignedRole: 'coach',
      canManage: true,
    });
    expect(await tryEvents(stranger)).toEqual([201, 204]);
    expect(await tryPin(stranger)).toBe(200);

    // An assigned coach manages roles too: they take coach away from themselves here.
    const removed = await stranger.put(rolePath(team.id, stranger.userId), { assignedRole: 'other' });
    expect(await readJson(removed)).toMatchObject({ assignedRole: 'other', canManage: false });
    expect(await tryEvents(stranger)).toEqual([403, 403]);
  });

  it('shows every member’s team role and whether they manage', async () => {
    const members = await readJson(await player.get(`/api/teams/${team.id}/members`));
    expect(
      members.map((m: { name: string; role: string; assignedRole: string; canManage: boolean }) => [
        m.name,
        m.role,
        m.assignedRole,
        m.canManage,
      ]),
    ).toEqual([
      ['Casey Creator', 'coach', 'coach', true],
      ['Sam Stranger', 'coach', 'other', false],
      ['Pat Parent', 'parent', 'parent', false],
      ['Pia Player', 'player', 'player', false],
    ]);
  });

  it.each([
    ['a parent', () => parent, 403],
    ['a player', () => player, 403],
    ['a coach account that joined by code', () => stranger, 403],
    ['a coach of another team (not a member)', () => outsider, 404],
  ] as const)('refuses role changes by %s', async (_who, client, status) => {
    const response = await client().put(rolePath(team.id, parent.userId), { assignedRole: 'coach' });
    expect(response.status).toBe(status);
    expect(await readJson(response)).toEqual({ message: expect.any(String), code: expect.any(String) });
    const members = await readJson(await creator.get(`/api/teams/${team.id}/members`));
    expect(members.find((m: { userId: string }) => m.userId === parent.userId).assignedRole).toBe('parent');
  });

  it('answers 404 for someone not in the team and for another team, 400 for a bad role, 401 signed out', async () => {
    const notMember = await creator.put(rolePath(team.id, outsider.userId), { assignedRole: 'coach' });
    expect(notMember.status).toBe(404);
    expect(await readJson(notMember)).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    // Another team's id (the caller is not in it), with one of its members: 404 like a missing team.
    const theirs = await creator.put(rolePath(otherTeam.id, outsider.userId), { assignedRole: 'other' });
    const missing = await creator.put(rolePath('no-such-team', outsider.userId), { assignedRole: 'other' });
    expect([theirs.status, missing.status]).toEqual([404, 404]);
    expect(await readJson(theirs)).toEqual(await readJson(missing));
    // Not a member and a bad payload: still 404, nothing said about the payload.
    expect((await parent.put(rolePath(otherTeam.id, outsider.userId), { assignedRole: 'boss' })).status).toBe(404);

    const invalid = await creator.put(rolePath(team.id, parent.userId), { assignedRole: 'admin' });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).fieldErrors).toEqual({ assignedRole: ['Choose coach, parent, player or other'] });

    const anonymous = await fetch(`${server.url}${rolePath(team.id, parent.userId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assignedRole: 'coach' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps the creator a manager: their role cannot be changed, even by an assigned coach', async () => {
    await creator.put(rolePath(team.id, player.userId), { assignedRole: 'coach' });
    const refused = await player.put(rolePath(team.id, creator.userId), { assignedRole: 'other' });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: 'CREATOR_ROLE_FIXED' });
    expect(await tryEvents(creator)).toEqual([201, 204]);
    // Repeating a role is harmless and appends nothing.
    const before = (await server.eventStore.readStream(`team-${team.id}`)).length;
    expect((await creator.put(rolePath(team.id, player.userId), { assignedRole: 'coach' })).status).toBe(200);
    expect((await server.eventStore.readStream(`team-${team.id}`)).length).toBe(before);
    await creator.put(rolePath(team.id, player.userId), { assignedRole: 'player' });
  });
});

describe("the organization branch: admins of a team's organization manage it (spec part 1 §6)", () => {
  let clubAdmin: ApiClient;
  let secondAdmin: ApiClient;
  let otherClubAdmin: ApiClient;
  let clubTeam: { id: string; code: string };
  let orgId: string;

  beforeAll(async () => {
    [clubAdmin, secondAdmin, otherClubAdmin] = await Promise.all([
      signUp(server.url, 'parent', 'Carla Club'),
      signUp(server.url, 'coach', 'Dana Deputy'),
      signUp(server.url, 'coach', 'Evan Elsewhere'),
    ]);
    orgId = (await readJson(await clubAdmin.post('/api/organizations', { name: 'Riverside FC' }))).id;
    await otherClubAdmin.post('/api/organizations', { name: 'Hilltop SC' });
    const season = await readJson(
      await clubAdmin.post(`/api/organizations/${orgId}/seasons`, {
        name: 'Spring',
        sport: 'Soccer',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
      }),
    );
    clubTeam = await readJson(
      await clubAdmin.post(`/api/organizations/${orgId}/teams`, { seasonId: season.id, name: 'U12 Tigers' }),
    );
    // Both join by code, which never makes anyone a manager: they are "other" members.
    for (const client of [secondAdmin, otherClubAdmin]) {
      expect(await readJson(await client.post('/api/teams/join', { code: clubTeam.code }))).toMatchObject({
        myAssignedRole: 'other',
      });
    }
  });

  const events = async (client: ApiClient): Promise<[create: number, del: number]> => {
    const created = await client.post(`/api/teams/${clubTeam.id}/events`, game());
    const target = await readJson(await clubAdmin.post(`/api/teams/${clubTeam.id}/events`, game()));
    const deleted = await client.delete(`/api/teams/${clubTeam.id}/events/${target.id}`);
    return [created.status, deleted.status];
  };
  const pin = async (client: ApiClient): Promise<number> => {
    const message = await readJson(await clubAdmin.post(`/api/teams/${clubTeam.id}/messages`, { text: 'Kit check' }));
    return (await client.post(`/api/teams/${clubTeam.id}/messages/${message.id}/pin`)).status;
  };
  const manages = async (userId: string) =>
    (await readJson(await clubAdmin.get(`/api/teams/${clubTeam.id}/members`))).find(
      (m: { userId: string }) => m.userId === userId,
    ).canManage;

  it('the admin who created the org team manages it', async () => {
    expect(await events(clubAdmin)).toEqual([201, 204]);
    expect(await pin(clubAdmin)).toBe(200);
  });

  it('a member made admin of the organization manages its team, and stops when the right is taken away', async () => {
    expect(await events(secondAdmin)).toEqual([403, 403]);
    expect(await manages(secondAdmin.userId)).toBe(false);

    await clubAdmin.post(`/api/organizations/${orgId}/admins`, { userId: secondAdmin.userId });
    expect(await events(secondAdmin)).toEqual([201, 204]);
    expect(await pin(secondAdmin)).toBe(200);
    expect(await manages(secondAdmin.userId)).toBe(true);
    // Roles too, without being the team's coach.
    const assigned = await secondAdmin.put(rolePath(clubTeam.id, otherClubAdmin.userId), { assignedRole: 'coach' });
    expect(assigned.status).toBe(200);
    await secondAdmin.put(rolePath(clubTeam.id, otherClubAdmin.userId), { assignedRole: 'other' });

    await clubAdmin.delete(`/api/organizations/${orgId}/admins/${secondAdmin.userId}`);
    expect(await events(secondAdmin)).toEqual([403, 403]);
    expect(await manages(secondAdmin.userId)).toBe(false);
  });

  it('an admin of another organization who joined by code does not manage the team', async () => {
    expect(await events(otherClubAdmin)).toEqual([403, 403]);
    expect(await pin(otherClubAdmin)).toBe(403);
    expect(
      (await otherClubAdmin.put(rolePath(clubTeam.id, secondAdmin.userId), { assignedRole: 'coach' })).status,
    ).toBe(403);
  });

  it('an admin of another organization who is not in the team gets 404 on it, as anyone outside', async () => {
    const outsiderAdmin = await signUp(server.url, 'coach', 'Fay Faraway');
    await outsiderAdmin.post('/api/organizations', { name: 'Faraway FC' });
    const statuses = [
      (await outsiderAdmin.get(`/api/teams/${clubTeam.id}`)).status,
      (await outsiderAdmin.post(`/api/teams/${clubTeam.id}/events`, game())).status,
      (await outsiderAdmin.put(`/api/teams/${clubTeam.id}`, { name: 'Ours' })).status,
      (await outsiderAdmin.get(`/api/organizations/${orgId}/teams`)).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Olly Outsider'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function createTeam(client: ApiClient, name = 'Tigers') {
  const response = await client.post('/api/teams', { name, sport: 'Soccer', ageGroup: 'U12' });
  expect(response.status).toBe(201);
  return readJson(response);
}

describe('teams over HTTP', () => {
  it('lets a coach create an independent team with a 6-character code, coaching it', async () => {
    const team = await createTeam(coach);
    expect(team).toMatchObject({
      name: 'Tigers',
      sport: 'Soccer',
      ageGroup: 'U12',
      isIndie: true,
      orgId: null,
      coachId: coach.userId,
      creatorId: coach.userId,
      memberCount: 1,
      myAssignedRole: 'coach',
    });
    expect(team.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(await readJson(await coach.get('/api/teams'))).toEqual([team]);
  });

  it('refuses team creation by a parent with 403 and bad payloads with field errors', async () => {
    const refused = await parent.post('/api/teams', { name: 'Nope', sport: 'Soccer' });
    expect(refused.status).toBe(403);
    const invalid = await coach.post('/api/teams', { name: '', sport: 'Quidditch' });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await readJson(invalid)).fieldErrors).sort()).toEqual(['name', 'sport']);
  });

  it('lets a parent join with the code (any case), once, and see the members', async () => {
    const team = await createTeam(coach, 'Lions');
    const joined = await parent.post('/api/teams/join', { code: team.code.toLowerCase() });
    expect(joined.status).toBe(200);
    expect(await readJson(joined)).toMatchObject({ id: team.id, memberCount: 2, myAssignedRole: 'parent' });
    // Joining again changes nothing.
    expect((await readJson(await parent.post('/api/teams/join', { code: team.code }))).memberCount).toBe(2);

    const members = await readJson(await parent.get(`/api/teams/${team.id}/members`));
    expect(
      members.map((m: { name: string; assignedRole: string; canManage: boolean }) => [
        m.name,
        m.assignedRole,
        m.canManage,
      ]),
    ).toEqual([
      ['Casey Coach', 'coach', true],
      ['Pat Parent', 'parent', false],
    ]);
    const events = await server.eventStore.readStream(`team-${team.id}`);
    expect(events.map((e) => e.type)).toEqual(['TeamCreated', 'MemberJoined', 'MemberJoined']);
  });

  it('answers an unknown code with 404 and a field message', async () => {
    const response = await parent.post('/api/teams/join', { code: 'ZZZZZZ' });
    expect(response.status).toBe(404);
    expect(await readJson(response)).toMatchObject({
      code: 'UNKNOWN_TEAM_CODE',
      fieldErrors: { code: [expect.any(String)] },
    });
  });

  it("never shows another team's data: a non-member gets 404 exactly like a missing team", async () => {
    const team = await createTeam(coach, 'Bears');
    for (const path of [`/api/teams/${team.id}`, `/api/teams/${team.id}/members`]) {
      const forbidden = await outsider.get(path);
      expect(forbidden.status).toBe(404);
      const missing = await outsider.get(path.replace(team.id, '00000000-0000-0000-0000-000000000000'));
      expect(missing.status).toBe(404);
      expect(await readJson(forbidden)).toEqual(await readJson(missing));
    }
    expect(await readJson(await outsider.get('/api/teams'))).toEqual([]);
  });

  it('requires a session for every team endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/teams'],
      ['POST', '/api/teams'],
      ['POST', '/api/teams/join'],
      ['GET', '/api/teams/x'],
      ['GET', '/api/teams/x/members'],
      ['PUT', '/api/teams/x/members/y/role'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method !== 'GET' ? { body: JSON.stringify({ code: 'ABCDEF', name: 'x', sport: 'Soccer' }) } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

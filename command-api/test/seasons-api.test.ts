import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let admin: ApiClient;
let coach: ApiClient;
let parent: ApiClient;
let otherAdmin: ApiClient;
let org: { id: string };
let otherOrg: { id: string };
let consoleTeam: { id: string; code: string };

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const current = () => ({ name: 'Spring', sport: 'Soccer', startDate: day(-30), endDate: day(60) });

beforeAll(async () => {
  server = await startTestServer();
  [admin, coach, parent, otherAdmin] = await Promise.all([
    signUp(server.url, 'coach', 'Alex Admin'),
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'coach', 'Blake Other'),
  ]);
  org = await readJson(await admin.post('/api/organizations', { name: 'Riverside FC' }));
  otherOrg = await readJson(await otherAdmin.post('/api/organizations', { name: 'Hilltop SC' }));
  // A first season and team so the coach and the parent belong to the organization.
  const first = await readJson(await admin.post(`/api/organizations/${org.id}/seasons`, current()));
  consoleTeam = await readJson(
    await admin.post(`/api/organizations/${org.id}/teams`, { seasonId: first.id, name: 'U10 Cubs' }),
  );
  for (const member of [coach, parent]) await member.post('/api/teams/join', { code: consoleTeam.code });
});
afterAll(async () => {
  await server?.close();
});

describe('seasons over HTTP', () => {
  it('creates a season with the §5 messages for what is missing, and the end after the start', async () => {
    const empty = await admin.post(`/api/organizations/${org.id}/seasons`, {});
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).fieldErrors).toEqual({
      name: ['Season name is required'],
      sportId: ['Sport is required'],
      startDate: ['Start date is required'],
      endDate: ['End date is required'],
    });
    const backwards = await admin.post(`/api/organizations/${org.id}/seasons`, {
      ...current(),
      endDate: day(-31),
    });
    expect(backwards.status).toBe(400);
    expect((await readJson(backwards)).fieldErrors).toEqual({ endDate: ['End date must be after the start date'] });

    const created = await admin.post(`/api/organizations/${org.id}/seasons`, { ...current(), name: 'Summer League' });
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({
      orgId: org.id,
      name: 'Summer League',
      sportId: 'soccer',
      sportName: 'Soccer',
      sport: 'Soccer',
      isActive: true,
      status: 'Active',
      teamCount: 0,
      teams: [],
    });
  });

  it('shows Active, Scheduled or Inactive (§4), edits, toggles, and lists the seasons of the caller’s organizations', async () => {
    const later = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, {
        name: 'Fall',
        sport: 'Basketball',
        startDate: day(100),
        endDate: day(200),
      }),
    );
    expect(later.status).toBe('Scheduled');
    const edited = await admin.put(`/api/seasons/${later.id}`, {
      name: 'Fall Classic',
      sport: 'Basketball',
      startDate: day(-1),
      endDate: day(200),
      isActive: true,
    });
    expect(await readJson(edited)).toMatchObject({ name: 'Fall Classic', status: 'Active' });
    const off = await admin.patch(`/api/seasons/${later.id}`, { isActive: false });
    expect(await readJson(off)).toMatchObject({ isActive: false, status: 'Inactive' });
    expect(await readJson(await parent.get(`/api/seasons/${later.id}`))).toMatchObject({ name: 'Fall Classic' });

    const names = async (client: ApiClient, path: string) =>
      (await readJson(await client.get(path))).map((s: { name: string }) => s.name).sort();
    expect(await names(admin, '/api/seasons')).toEqual(['Fall Classic', 'Spring', 'Summer League']);
    expect(await names(parent, '/api/seasons')).toEqual(['Fall Classic', 'Spring', 'Summer League']);
    expect(await names(admin, `/api/organizations/${org.id}/seasons`)).toEqual([
      'Fall Classic',
      'Spring',
      'Summer League',
    ]);
    expect(await names(otherAdmin, '/api/seasons')).toEqual([]);
  });

  it('adds teams to a season: code of at least 3 characters and a coach required, the coach from the organization', async () => {
    const season = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, { ...current(), name: 'Cup' }),
    );
    const path = `/api/seasons/${season.id}/teams`;
    const invalid = await admin.post(path, { name: '', code: 'ab', coachId: '' });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).fieldErrors).toEqual({
      name: ['Team name is required'],
      code: ['Team code must be at least 3 characters'],
      coachId: ['Coach is required'],
    });
    const created = await admin.post(path, {
      name: 'Cup Lions',
      code: 'lions7',
      ageGroup: 'U14',
      coachId: coach.userId,
      // The spec's payload also carries these; the server decides them itself.
      sport: 'Golf',
      orgId: otherOrg.id,
      isIndie: true,
      creatorId: parent.userId,
    });
    expect(created.status).toBe(201);
    const team = await readJson(created);
    expect(team).toMatchObject({
      name: 'Cup Lions',
      code: 'LIONS7',
      sport: 'Soccer',
      ageGroup: 'U14',
      orgId: org.id,
      isIndie: false,
      seasonId: season.id,
      creatorId: admin.userId,
      coach: { id: coach.userId, name: 'Casey Coach' },
    });
    // The code works for joining, and a second team cannot take it.
    expect(await readJson(await parent.post('/api/teams/join', { code: 'lions7' }))).toMatchObject({ id: team.id });
    const taken = await admin.post(path, { name: 'Copycats', code: 'LIONS7', coachId: coach.userId });
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toMatchObject({
      code: 'TEAM_CODE_TAKEN',
      fieldErrors: { code: [expect.any(String)] },
    });
    const outsider = await admin.post(path, { name: 'Strangers', code: 'STR', coachId: otherAdmin.userId });
    expect((await readJson(outsider)).fieldErrors).toEqual({ coachId: ['Choose a coach from your organization'] });

    const listed = await readJson(await parent.get(path));
    expect(listed).toEqual([expect.objectContaining({ id: team.id, code: null })]);
    expect(await readJson(await admin.get(`/api/seasons/${season.id}`))).toMatchObject({
      teamCount: 1,
      teams: [{ id: team.id, name: 'Cup Lions' }],
    });
  });

  it('deletes an empty season, keeps one with teams (409), and then it is gone', async () => {
    const withTeams = await admin.delete(`/api/seasons/${await firstSeasonId()}`);
    expect(withTeams.status).toBe(409);
    expect(await readJson(withTeams)).toMatchObject({ code: 'SEASON_HAS_TEAMS', message: expect.any(String) });
    const empty = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, { ...current(), name: 'Temp' }),
    );
    expect((await parent.delete(`/api/seasons/${empty.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/seasons/${empty.id}`)).status).toBe(204);
    expect((await admin.get(`/api/seasons/${empty.id}`)).status).toBe(404);
    expect((await admin.put(`/api/seasons/${empty.id}`, current())).status).toBe(404);
  });

  it('refuses malformed ids with 400 and signed-out callers with 401', async () => {
    for (const path of ['/api/seasons/%00', '/api/seasons/%00/teams', '/api/organizations/%00/seasons']) {
      const response = await admin.get(path);
      expect(response.status).toBe(400);
    }
    expect((await admin.put('/api/teams/%00', { name: 'x' })).status).toBe(400);
    expect((await fetch(`${server.url}/api/seasons`)).status).toBe(401);
  });
});

async function firstSeasonId(): Promise<string> {
  const seasons = await readJson(await admin.get(`/api/organizations/${org.id}/seasons`));
  return seasons.find((s: { name: string }) => s.name === 'Spring').id;
}

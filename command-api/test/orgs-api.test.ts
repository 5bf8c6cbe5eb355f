import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let coach: ApiClient;
let parent: ApiClient;
let stranger: ApiClient;
let orgA: { id: string };
let orgB: { id: string };
let season: { id: string };
let seasonB: { id: string };
let team: { id: string; code: string };
let teamB: { id: string };

const spring = { name: 'Spring 2026', sport: 'Basketball', startDate: '2026-03-01', endDate: '2026-06-30' };

beforeAll(async () => {
  server = await startTestServer();
  [adminA, adminB, coach, parent, stranger] = await Promise.all([
    signUp(server.url, 'coach', 'Alex Admin'),
    signUp(server.url, 'parent', 'Blake Other'),
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Sam Stranger'),
  ]);
  const created = await adminA.post('/api/organizations', {
    name: 'Riverside FC',
    description: 'Youth soccer and basketball',
    timezone: 'America/Chicago',
    defaultSport: 'Basketball',
  });
  expect(created.status).toBe(201);
  orgA = await readJson(created);
  orgB = await readJson(await adminB.post('/api/organizations', { name: 'Hilltop SC' }));
  season = await readJson(await adminA.post(`/api/organizations/${orgA.id}/seasons`, spring));
  seasonB = await readJson(await adminB.post(`/api/organizations/${orgB.id}/seasons`, { ...spring, sport: 'Soccer' }));
  const made = await adminA.post(`/api/organizations/${orgA.id}/teams`, { seasonId: season.id, name: 'U12 Tigers' });
  expect(made.status).toBe(201);
  team = await readJson(made);
  teamB = await readJson(
    await adminB.post(`/api/organizations/${orgB.id}/teams`, { seasonId: seasonB.id, name: 'Hawks' }),
  );
  for (const member of [coach, parent]) {
    expect((await member.post('/api/teams/join', { code: team.code })).status).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('organizations over HTTP', () => {
  it('lets any signed-in user start an organization and makes them its admin, shown as org_admin', async () => {
    expect(orgA).toMatchObject({
      name: 'Riverside FC',
      description: 'Youth soccer and basketball',
      timezone: 'America/Chicago',
      defaultSport: 'Basketball',
      myRole: 'org_admin',
    });
    // A parent account that starts a club: defaults, and the displayed role is the highest.
    expect(orgB).toMatchObject({ name: 'Hilltop SC', timezone: 'UTC', defaultSport: 'Soccer', myRole: 'org_admin' });
    expect(await readJson(await adminB.get('/api/user'))).toMatchObject({ role: 'org_admin', accountRole: 'parent' });
    expect(await readJson(await coach.get('/api/user'))).toMatchObject({ role: 'coach', accountRole: 'coach' });
  });

  it('answers 401 signed out and 400 with field messages for a bad organization', async () => {
    const anonymous = await fetch(`${server.url}/api/organizations`);
    expect(anonymous.status).toBe(401);
    const invalid = await stranger.post('/api/organizations', {
      name: ' ',
      timezone: 'Mars/Base',
      defaultSport: 'Quidditch',
    });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).fieldErrors).toEqual({
      name: ['Organization name is required'],
      timezone: ['Choose a time zone such as America/New_York'],
      defaultSport: ['Choose a sport from the list'],
    });
  });

  it('lists the caller’s organizations with their role in each', async () => {
    const mine = async (client: ApiClient) =>
      (await readJson(await client.get('/api/organizations'))).map((o: { name: string; myRole: string }) => [
        o.name,
        o.myRole,
      ]);
    expect(await mine(adminA)).toEqual([['Riverside FC', 'org_admin']]);
    expect(await mine(parent)).toEqual([['Riverside FC', 'parent']]);
    expect(await mine(coach)).toEqual([['Riverside FC', 'member']]);
    expect(await mine(stranger)).toEqual([]);
  });

  it('creates org teams from the console: not independent, in the season, its sport, a random 6-character code', async () => {
    expect(team).toMatchObject({
      name: 'U12 Tigers',
      sport: 'Basketball',
      isIndie: false,
      orgId: orgA.id,
      seasonId: season.id,
      seasonName: 'Spring 2026',
      creatorId: adminA.userId,
      coach: null,
      isActive: true,
    });
    expect(team.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const missing = await adminA.post(`/api/organizations/${orgA.id}/teams`, { name: '' });
    expect(missing.status).toBe(400);
    expect(Object.keys((await readJson(missing)).fieldErrors).sort()).toEqual(['name', 'seasonId']);
    // Another club's season is not one of this organization's.
    const foreign = await adminA.post(`/api/organizations/${orgA.id}/teams`, { seasonId: seasonB.id, name: 'X' });
    expect(foreign.status).toBe(400);
    expect((await readJson(foreign)).fieldErrors).toEqual({ seasonId: ['Choose a season of this organization'] });
  });

  it('assigns a coach from the organization (not from outside) and shows them in teams and members', async () => {
    const outside = await adminA.post(`/api/organizations/${orgA.id}/teams`, {
      seasonId: season.id,
      name: 'U14 Lions',
      coachId: stranger.userId,
    });
    expect(outside.status).toBe(400);
    expect((await readJson(outside)).fieldErrors).toEqual({ coachId: ['Choose a coach from your organization'] });
    const lions = await readJson(
      await adminA.post(`/api/organizations/${orgA.id}/teams`, {
        seasonId: season.id,
        name: 'U14 Lions',
        ageGroup: 'U14',
        coachId: coach.userId,
      }),
    );
    expect(lions).toMatchObject({ coach: { id: coach.userId, name: 'Casey Coach' }, memberCount: 2, ageGroup: 'U14' });
    // The coach manages the new team and is shown as coach everywhere.
    expect(await readJson(await coach.get(`/api/teams/${lions.id}`))).toMatchObject({ myAssignedRole: 'coach' });
    const members = await readJson(await adminA.get(`/api/organizations/${orgA.id}/members`));
    expect(members.map((m: { name: string; role: string; email: string }) => [m.name, m.role, m.email])).toEqual([
      ['Alex Admin', 'org_admin', expect.stringContaining('@example.com')],
      ['Casey Coach', 'coach', expect.stringContaining('@example.com')],
      ['Pat Parent', 'parent', expect.stringContaining('@example.com')],
    ]);
    const teams = await readJson(await adminA.get(`/api/organizations/${orgA.id}/teams`));
    expect(teams.map((t: { name: string }) => t.name)).toEqual(['U12 Tigers', 'U14 Lions']);
  });

  it('gives members the teams and members without codes or emails, and refuses them the admin calls with 403', async () => {
    const teams = await readJson(await parent.get(`/api/organizations/${orgA.id}/teams`));
    expect(teams.every((t: { code: string | null }) => t.code === null)).toBe(true);
    const members = await readJson(await parent.get(`/api/organizations/${orgA.id}/members`));
    expect(members.every((m: { email: string | null }) => m.email === null)).toBe(true);
    expect((await parent.get(`/api/organizations/${orgA.id}`)).status).toBe(200);
    const forbidden = [
      await parent.get(`/api/organizations/${orgA.id}/stats`),
      await parent.get(`/api/organizations/${orgA.id}/settings`),
      await parent.get(`/api/organizations/${orgA.id}/activity`),
      await parent.patch(`/api/organizations/${orgA.id}/settings`, { name: 'Mine now' }),
      await parent.post(`/api/organizations/${orgA.id}/teams`, { seasonId: season.id, name: 'Mine' }),
      await parent.post(`/api/organizations/${orgA.id}/seasons`, spring),
      await parent.post(`/api/organizations/${orgA.id}/admins`, { userId: parent.userId }),
      await parent.put(`/api/seasons/${season.id}`, spring),
      await parent.post(`/api/seasons/${season.id}/teams`, { name: 'X', code: 'XYZ', coachId: coach.userId }),
    ];
    expect(forbidden.map((r) => r.status)).toEqual(Array(forbidden.length).fill(403));
    expect(await readJson(forbidden[0]!)).toEqual({ code: 'ORG_ADMINS_ONLY', message: expect.any(String) });
    // A member who is not an admin gets 403 even for a bad payload: nothing is said about it.
    expect((await parent.patch(`/api/organizations/${orgA.id}/settings`, { primaryColor: 'blue' })).status).toBe(403);
  });

  it('answers 404 to the admin of another club on every route of this organization, its seasons and teams', async () => {
    const responses = [
      await adminB.get(`/api/organizations/${orgA.id}`),
      await adminB.get(`/api/organizations/${orgA.id}/stats`),
      await adminB.get(`/api/organizations/${orgA.id}/teams`),
      await adminB.get(`/api/organizations/${orgA.id}/members`),
      await adminB.get(`/api/organizations/${orgA.id}/seasons`),
      await adminB.get(`/api/organizations/${orgA.id}/settings`),
      await adminB.get(`/api/organizations/${orgA.id}/activity`),
      await adminB.patch(`/api/organizations/${orgA.id}/settings`, { name: 'Ours' }),
      await adminB.post(`/api/organizations/${orgA.id}/teams`, { seasonId: season.id, name: 'Ours' }),
      await adminB.post(`/api/organizations/${orgA.id}/seasons`, spring),
      await adminB.post(`/api/organizations/${orgA.id}/admins`, { userId: adminB.userId }),
      await adminB.delete(`/api/organizations/${orgA.id}/admins/${adminA.userId}`),
      await adminB.get(`/api/seasons/${season.id}`),
      await adminB.put(`/api/seasons/${season.id}`, spring),
      await adminB.patch(`/api/seasons/${season.id}`, { isActive: false }),
      await adminB.delete(`/api/seasons/${season.id}`),
      await adminB.get(`/api/seasons/${season.id}/teams`),
      await adminB.post(`/api/seasons/${season.id}/teams`, { name: 'X', code: 'XYZ', coachId: adminB.userId }),
      await adminB.get(`/api/teams/${team.id}`),
      await adminB.get(`/api/teams/${team.id}/members`),
      await adminB.put(`/api/teams/${team.id}`, { name: 'Ours' }),
    ];
    expect(responses.map((r) => r.status)).toEqual(Array(responses.length).fill(404));
    // Exactly what an id that does not exist answers.
    expect(await readJson(responses[0]!)).toEqual(await readJson(await adminB.get('/api/organizations/no-such-org')));
    expect(await readJson(await adminB.get('/api/seasons'))).toEqual([expect.objectContaining({ id: seasonB.id })]);
    // And the other way round.
    expect((await adminA.get(`/api/organizations/${orgB.id}/teams`)).status).toBe(404);
    expect((await adminA.put(`/api/teams/${teamB.id}`, { name: 'Ours' })).status).toBe(404);
  });

  it('counts teams, members, this month’s events and this week’s messages for the console', async () => {
    await adminA.post(`/api/teams/${team.id}/events`, {
      title: 'Practice',
      date: new Date(Date.now() + 60_000).toISOString(),
      isRecurring: false,
    });
    await parent.post(`/api/teams/${team.id}/messages`, { text: 'See you there' });
    const stats = await readJson(await adminA.get(`/api/organizations/${orgA.id}/stats`));
    expect(stats).toMatchObject({ totalTeams: 2, totalMembers: 3, totalMessages: 1 });
    // The practice is a minute from now: this month, unless that minute crosses into the next.
    expect([0, 1]).toContain(stats.totalEvents);
  });

  it('saves every setting as validated, only the changed ones, and says which field is wrong', async () => {
    const path = `/api/organizations/${orgA.id}/settings`;
    const before = await readJson(await adminA.get(path));
    expect(before).toMatchObject({ name: 'Riverside FC', defaultRsvpPolicy: 'optional', primaryColor: null });
    const settings = {
      logoUrl: 'https://riverside.example/logo.png',
      primaryColor: '#1D4ED8',
      secondaryColor: '#f97316',
      website: 'https://riverside.example',
      contactEmail: 'Office@Riverside.example',
      contactPhone: '+1 555 010 2030',
      address: '1 River Road',
      defaultRsvpPolicy: 'required',
      timezone: 'America/Denver',
      autoApproveInvites: true,
      allowPublicRegistration: false,
      emailFooter: 'Riverside FC, since 1999',
    };
    const saved = await adminA.patch(path, settings);
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toEqual({
      ...before,
      ...settings,
      primaryColor: '#1d4ed8',
      contactEmail: 'office@riverside.example',
    });
    const stream = `org-${orgA.id}`;
    const events = await server.eventStore.readStream(stream);
    expect(events.at(-1)).toMatchObject({ type: 'OrgSettingsUpdated' });
    // Saving the same values again records nothing.
    await adminA.patch(path, settings);
    expect((await server.eventStore.readStream(stream)).length).toBe(events.length);

    const invalid = await adminA.patch(path, {
      primaryColor: 'blue',
      website: 'ftp://riverside.example',
      contactEmail: 'office@',
      timezone: 'Eastern',
      defaultRsvpPolicy: 'maybe',
    });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).fieldErrors).toEqual({
      primaryColor: ['Enter a colour like #1d4ed8'],
      website: ['Enter a web address starting with https://'],
      contactEmail: ['Enter a valid email address'],
      timezone: ['Choose a time zone such as America/New_York'],
      defaultRsvpPolicy: ['Choose required, optional or disabled'],
    });
    // Cleared with an empty string.
    expect(await readJson(await adminA.patch(path, { website: '' }))).toMatchObject({ website: null });
  });

  it('makes a member an admin (and takes it back), never an outsider, and keeps the last admin', async () => {
    const base = `/api/organizations/${orgA.id}/admins`;
    const outsider = await adminA.post(base, { userId: stranger.userId });
    expect(outsider.status).toBe(404);
    expect(await readJson(outsider)).toMatchObject({ code: 'MEMBER_NOT_FOUND' });

    const added = await adminA.post(base, { userId: parent.userId });
    expect(await readJson(added)).toMatchObject({ id: parent.userId, role: 'org_admin' });
    expect(await readJson(await parent.get('/api/user'))).toMatchObject({ role: 'org_admin', accountRole: 'parent' });
    expect((await parent.get(`/api/organizations/${orgA.id}/stats`)).status).toBe(200);

    expect((await parent.delete(`${base}/${parent.userId}`)).status).toBe(204);
    expect(await readJson(await parent.get('/api/user'))).toMatchObject({ role: 'parent' });
    expect((await parent.get(`/api/organizations/${orgA.id}/stats`)).status).toBe(403);

    const last = await adminA.delete(`${base}/${adminA.userId}`);
    expect(last.status).toBe(409);
    expect(await readJson(last)).toMatchObject({ code: 'LAST_ADMIN' });
  });

  it('edits a team: its admins and managers may, a parent may not, another club not even see it', async () => {
    const renamed = await adminA.put(`/api/teams/${team.id}`, { name: 'U12 Tigers Blue', sport: 'Soccer' });
    expect(renamed.status).toBe(200);
    expect(await readJson(renamed)).toMatchObject({ id: team.id, name: 'U12 Tigers Blue', sport: 'Soccer' });
    expect(await readJson(await parent.get(`/api/teams/${team.id}`))).toMatchObject({ name: 'U12 Tigers Blue' });
    const refused = await parent.put(`/api/teams/${team.id}`, { name: 'Parents United' });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: 'TEAM_MANAGERS_ONLY' });
    const invalid = await adminA.put(`/api/teams/${team.id}`, { name: '' });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).fieldErrors).toEqual({ name: ['Team name is required'] });
    // An independent team's creator edits theirs the same way.
    const indie = await readJson(await coach.post('/api/teams', { name: 'Garage Ballers', sport: 'Basketball' }));
    expect(await readJson(await coach.put(`/api/teams/${indie.id}`, { name: 'Driveway Ballers' }))).toMatchObject({
      name: 'Driveway Ballers',
      sport: 'Basketball',
      isIndie: true,
    });
    expect((await adminA.put(`/api/teams/${indie.id}`, { name: 'Mine' })).status).toBe(404);
  });

  it('shows the recent activity of the organization, newest first, as readable lines', async () => {
    const activity = await readJson(await adminA.get(`/api/organizations/${orgA.id}/activity?limit=50`));
    const lines = activity.map((a: { description: string }) => a.description);
    expect(lines[0]).toBe('Alex Admin edited the team U12 Tigers Blue');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Alex Admin created the organization Riverside FC',
        'Alex Admin created the season Spring 2026 (Basketball)',
        'Alex Admin created the team U12 Tigers',
        'Casey Coach joined U12 Tigers as member with the team code',
        'Pat Parent joined U12 Tigers as parent with the team code',
        'Alex Admin made Casey Coach the coach of U14 Lions',
        'Alex Admin scheduled “Practice” for U12 Tigers',
        'Alex Admin made Pat Parent an admin',
        'Pat Parent stepped down as an admin',
      ]),
    );
    expect(lines.some((l: string) => l.includes('Hilltop') || l.includes('Blake'))).toBe(false);
    expect(activity[0]).toMatchObject({
      actorName: 'Alex Admin',
      teamId: team.id,
      teamName: 'U12 Tigers Blue',
      timestamp: expect.any(String),
    });
  });
});

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CLUB_NAME,
  DEMO_PASSWORD,
  demoClubAdmin,
  demoPeople,
  describeDemo,
  findDemo,
  seedDemo,
} from '../src/seed/demo-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
// The demo's pending invitation is emailed to the outbox under DATA_DIR (no SMTP_URL).
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-demo-'));
beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server?.close();
});

async function signIn(email: string): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function get(path: string, cookie: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return response.json();
}

describe('demo seed', () => {
  it('creates a coach, a parent and a player in one team with a short chat, all as events', async () => {
    const result = await seedDemo(server.server.app, server.database.db, { origin: server.url });
    expect(result?.people.map((p) => p.role)).toEqual(['coach', 'parent', 'player', 'org_admin']);
    expect(describeDemo(result!)).toContain('coach@sideline.demo');
    expect(describeDemo(result!)).toContain('admin@sideline.demo');

    const cookie = await signIn(demoPeople[1].email);
    const teams = (await get('/api/teams', cookie)) as Array<{ id: string; name: string; memberCount: number }>;
    // The demo team first (joined first), then the club team the parent joined by accepting invitations.
    expect(teams).toMatchObject([{ name: 'Riverside Hawks', memberCount: 3 }, { name: 'Riverside Lions' }]);
    const messages = (await (
      await fetch(`${server.url}/api/teams/${teams[0]!.id}/messages`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(messages.length).toBeGreaterThanOrEqual(4);

    const log = await server.eventStore.readAll({ limit: 1000 });
    const types = new Set(log.map((e) => e.type));
    for (const type of [
      'UserRegistered',
      'TeamCreated',
      'MemberJoined',
      'MessageSent',
      'EventScheduled',
      'RsvpRecorded',
    ]) {
      expect(types, type).toContain(type);
    }
    const upcoming = (await (
      await fetch(`${server.url}/api/teams/${teams[0]!.id}/events/upcoming`, { headers: { cookie } })
    ).json()) as Array<{ title: string; rsvps: Array<{ status: string }> }>;
    expect(upcoming[0]).toMatchObject({ title: 'Team practice', rsvps: [{ status: 'yes' }] });
    expect(await findDemo(server.database.db)).toMatchObject({
      teamName: 'Riverside Hawks',
      teamCode: result!.teamCode,
    });

    // A result and the next fixtures to show on Home, the team page and Games.
    const board = (await get('/api/me/matches', cookie)) as Record<string, Array<Record<string, unknown>>>;
    expect(board.live).toEqual([]);
    expect(board.recent).toMatchObject([
      {
        teamA: { name: 'Riverside Hawks' },
        teamB: { id: null, name: 'Eastside FC' },
        status: 'complete',
        scoreA: 2,
        scoreB: 1,
        winnerSide: 'teamA',
      },
    ]);
    expect(board.upcoming!.map((m) => (m.teamB as { name: string }).name).sort()).toEqual([
      'Northside United',
      'Riverside Falcons',
    ]);
  });

  it('adds a club: an org admin, an active season, two teams, the parent linked by invitation, one pending', async () => {
    const admin = await signIn(demoClubAdmin.email);
    const me = (await get('/api/user', admin)) as { role: string };
    expect(me.role).toBe('org_admin');
    const orgs = (await get('/api/organizations', admin)) as Array<{ id: string; name: string }>;
    expect(orgs).toMatchObject([{ name: DEMO_CLUB_NAME }]);
    const orgId = orgs[0]!.id;
    const seasons = (await get(`/api/organizations/${orgId}/seasons`, admin)) as Array<{
      id: string;
      status: string;
    }>;
    expect(seasons).toMatchObject([{ status: 'Active' }]);
    const teams = (await get(`/api/seasons/${seasons[0]!.id}/teams`, admin)) as Array<{ id: string; name: string }>;
    expect(teams.map((t) => t.name).sort()).toEqual(['Riverside Falcons', 'Riverside Lions']);
    const lions = teams.find((t) => t.name === 'Riverside Lions')!;
    const falcons = teams.find((t) => t.name === 'Riverside Falcons')!;

    const parent = await signIn(demoPeople[1].email);
    const parentId = ((await get('/api/user', parent)) as { id: string }).id;
    const players = (await get(`/api/teams/${lions.id}/players`, admin)) as Array<{
      name: string;
      linkStatus: string;
      guardians: Array<{ userId: string }>;
    }>;
    expect(players.map((p) => [p.name, p.linkStatus]).sort()).toEqual([
      ['Jordan Rivera', 'linked'],
      ['Sam Rivera', 'linked'],
    ]);
    for (const player of players) {
      expect(player.guardians.map((g) => g.userId)).toEqual([parentId]);
    }
    const lionsInvitations = (await get(`/api/teams/${lions.id}/invitations`, admin)) as Array<{ status: string }>;
    expect(lionsInvitations.map((i) => i.status)).toEqual(['used', 'used']);
    const falconsInvitations = (await get(`/api/teams/${falcons.id}/invitations`, admin)) as Array<{
      status: string;
      inviteeEmail: string;
      playerName: string;
    }>;
    expect(falconsInvitations).toMatchObject([
      { status: 'pending', inviteeEmail: 'lee.chen@example.com', playerName: 'Mia Chen' },
    ]);
    expect(await get(`/api/teams/${falcons.id}/players`, admin)).toMatchObject([
      { name: 'Mia Chen', linkStatus: 'pending' },
    ]);

    // Its email links to where the server answers, as `npm start` prints it.
    // Its emails link to where the server answers, as `npm start` prints it (quoted-printable:
    // soft line breaks undone, `=` written `=3D`).
    const emails = readdirSync(path.join(dataDir, 'outbox'))
      .map((file) => readFileSync(path.join(dataDir, 'outbox', file), 'utf8').replace(/=\r?\n/g, ''))
      // The outbox also holds the notices mailed to demo families without push (moves, reminders).
      .filter((email) => !email.includes('List-Unsubscribe-Post'));
    expect(emails).toHaveLength(4); // Jordan's to the Hawks, the two accepted club ones and the pending one
    for (const email of emails) expect(email).toContain(`${server.url}/invite?token=3D`);

    const log = await server.eventStore.readAll({ limit: 1000 });
    const types = new Set(log.map((e) => e.type));
    for (const type of ['OrganizationCreated', 'SeasonCreated', 'InvitationIssued', 'InvitationAccepted']) {
      expect(types, type).toContain(type);
    }
  });

  it('gives the parent children on two teams, answers per child, and a week with a moved and a cancelled practice', async () => {
    const parent = await signIn(demoPeople[1].email);
    const upcoming = (await get('/api/me/upcoming?limit=50', parent)) as Array<{
      id: string;
      title: string;
      status: string;
      team: { name: string };
      previous: { startsAt: string } | null;
      cancelReason: string | null;
      household: Array<{ relation: string; name: string; status: string | null; answeredBeforeChange: boolean }>;
    }>;
    expect(new Set(upcoming.map((o) => o.team.name))).toEqual(new Set(['Riverside Hawks', 'Riverside Lions']));
    const practices = upcoming.filter((o) => o.title === 'Team practice');
    expect(practices[0]!.household).toEqual([
      expect.objectContaining({ relation: 'child', name: 'Jordan Rivera', status: 'yes', answeredBeforeChange: false }),
    ]);
    expect(practices[1]).toMatchObject({ status: 'moved', previous: { startsAt: expect.any(String) } });
    expect(practices[1]!.household[0]).toMatchObject({ status: 'yes', answeredBeforeChange: true });
    expect(practices[3]).toMatchObject({ status: 'cancelled', cancelReason: 'School holiday' });
    const game = upcoming.find((o) => o.title === 'Saturday game')!;
    expect(game.household.map((h) => [h.name, h.status])).toEqual([
      ['Jordan Rivera', 'yes'],
      ['Sam Rivera', 'maybe'],
    ]);
    // Jordan's own account answers for his roster entry on the Hawks.
    const player = await signIn(demoPeople[2].email);
    const [next] = (await get('/api/me/upcoming?limit=1', player)) as Array<{ household: unknown[] }>;
    expect(next!.household).toEqual([expect.objectContaining({ relation: 'self', name: 'Jordan Rivera' })]);
  });

  it('never runs against a database that already has users', async () => {
    expect(await seedDemo(server.server.app, server.database.db)).toBeNull();
  });
});

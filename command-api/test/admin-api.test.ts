import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCsvColumns, adminActivityPageSchema, adminStatsSchema } from '@sideline/domain';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, member, scheduleMatch, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let dataDir: string;
let club: Club;
let rival: Club;
let outsider: ApiClient;
/** Per club: an empty season, a match, a media item, a message, the person to deactivate. */
interface Things {
  emptySeason: string;
  match: string;
  media: string;
  message: string;
}
let own: Things;
let other: Things;
/** A team of the club's that the permission matrix deletes. */
let spareTeam: string;

/** A new team of the club's season, made by its admin. */
async function newTeam(c: Club, name: string): Promise<{ id: string; code: string }> {
  const response = await c.admin.post(`/api/organizations/${c.org.id}/teams`, { seasonId: c.season.id, name });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response);
}

async function upload(client: ApiClient, teamId: string): Promise<string> {
  const form = new FormData();
  form.append('type', 'photo');
  form.append('description', '');
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'Team photo.png');
  const response = await fetch(`${server.url}/api/teams/${teamId}/media/upload`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server.url },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await readJson(response)).id;
}

async function things(c: Club): Promise<Things> {
  const emptySeason = await readJson(
    await c.admin.post(`/api/organizations/${c.org.id}/seasons`, {
      name: 'Empty',
      sport: 'Soccer',
      startDate: '2026-09-01',
      endDate: '2026-12-01',
    }),
  );
  const match = await scheduleMatch(c);
  const media = await upload(c.parent, c.teamA.id);
  const sent = await c.parent.post(`/api/teams/${c.teamA.id}/messages`, { text: 'Can someone drive Ava?' });
  expect(sent.status).toBe(201);
  return { emptySeason: emptySeason.id, match: match.id, media, message: (await readJson(sent)).id };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-admin-'));
  server = await startTestServer({ env: { TRUST_PROXY: '1', DATA_DIR: dataDir } });
  [club, rival] = await Promise.all([createClub(server, 'Riverside'), createClub(server, 'Hilltop')]);
  outsider = await member(server, 'coach', 'Olly Outsider');
  [own, other] = await Promise.all([things(club), things(rival)]);
  spareTeam = (await newTeam(club, 'Riverside Spare')).id;
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Route {
  method: 'GET' | 'PATCH' | 'DELETE';
  /** The path for one club's things. */
  path: (c: Club, t: Things) => string;
  body?: unknown;
  /** What the org's admin gets for their own organization. */
  ok: number;
}

const routes: Route[] = [
  { method: 'GET', path: () => '/api/admin/stats', ok: 200 },
  { method: 'GET', path: () => '/api/admin/seasons', ok: 200 },
  { method: 'PATCH', path: (c) => `/api/admin/seasons/${c.season.id}`, body: { isActive: true }, ok: 200 },
  { method: 'GET', path: () => '/api/admin/teams', ok: 200 },
  { method: 'GET', path: (c) => `/api/admin/teams/${c.teamA.id}`, ok: 200 },
  { method: 'GET', path: () => '/api/admin/matches', ok: 200 },
  { method: 'GET', path: () => '/api/admin/people?search=a&role=parent', ok: 200 },
  { method: 'GET', path: (c) => `/api/admin/people/${c.parent.userId}`, ok: 200 },
  { method: 'PATCH', path: (c) => `/api/admin/people/${c.parent.userId}`, body: { role: 'parent' }, ok: 200 },
  { method: 'GET', path: () => '/api/admin/media?type=image&search=photo', ok: 200 },
  { method: 'GET', path: (_c, t) => `/api/admin/media/${t.media}/download`, ok: 200 },
  { method: 'GET', path: () => '/api/admin/settings', ok: 200 },
  { method: 'PATCH', path: () => '/api/admin/settings', body: { website: 'https://club.example' }, ok: 200 },
  { method: 'GET', path: () => '/api/admin/activity?limit=5', ok: 200 },
  { method: 'GET', path: () => '/api/admin/activity?format=csv', ok: 200 },
  { method: 'GET', path: () => '/api/admin/activity?format=ndjson', ok: 200 },
  { method: 'GET', path: () => '/api/admin/activity/types', ok: 200 },
  { method: 'GET', path: (c) => `/api/admin/access?userId=${c.parent.userId}&teamId=${c.teamA.id}`, ok: 200 },
  { method: 'GET', path: (_c, t) => `/api/admin/messages/${t.message}`, ok: 200 },
  { method: 'GET', path: () => '/api/admin/rsvps', ok: 200 },
  // Destructive last (the matrix runs in this order).
  { method: 'DELETE', path: (_c, t) => `/api/admin/seasons/${t.emptySeason}`, ok: 204 },
  { method: 'DELETE', path: (c) => `/api/admin/teams/${c === club ? spareTeam : c.teamA.id}`, ok: 204 },
  { method: 'DELETE', path: (_c, t) => `/api/admin/matches/${t.match}`, ok: 200 },
  { method: 'DELETE', path: (_c, t) => `/api/admin/media/${t.media}`, ok: 204 },
  { method: 'DELETE', path: (_c, t) => `/api/admin/messages/${t.message}`, ok: 200 },
  { method: 'DELETE', path: (c) => `/api/admin/people/${c.bo.userId}`, ok: 204 },
];

const call = (client: ApiClient | null, method: string, url: string, body?: unknown) =>
  client
    ? method === 'GET'
      ? client.get(url)
      : method === 'PATCH'
        ? client.patch(url, body)
        : client.delete(url)
    : fetch(`${server.url}${url}`, {
        method,
        headers: { origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

/** The other organization's version of a path: its ids, or ?orgId= for a list. */
const otherPath = (route: Route) => {
  const mine = route.path(club, own);
  const theirs = route.path(rival, other);
  if (theirs !== mine) return theirs;
  return `${mine}${mine.includes('?') ? '&' : '?'}orgId=${rival.org.id}`;
};

describe('admin API permission matrix (every /api/admin/* route × role × own/other organization)', () => {
  it('answers 401 signed out, 403 to coaches, parents and outsiders, 404 for the other org, and works for the admin', async () => {
    const failures: string[] = [];
    const expectStatus = async (who: string, client: ApiClient | null, route: Route, url: string, want: number) => {
      const response = await call(client, route.method, url, route.body);
      const text = await response.text();
      if (response.status !== want)
        failures.push(`${who} ${route.method} ${url}: ${response.status} (want ${want}) ${text}`);
      if (want === 403) expect(JSON.parse(text)).toMatchObject({ code: 'ADMINS_ONLY' });
    };
    for (const route of routes) {
      for (const url of [route.path(club, own), otherPath(route)]) {
        await expectStatus('anonymous', null, route, url, 401);
        for (const [who, client] of [
          ['coach', club.coach],
          ['parent', club.parent],
          ['outsider', outsider],
        ] as const) {
          await expectStatus(who, client, route, url, 403);
        }
      }
      await expectStatus('admin (other org)', club.admin, route, otherPath(route), 404);
      await expectStatus('admin (own org)', club.admin, route, route.path(club, own), route.ok);
    }
    expect(failures).toEqual([]);
    // The other organization's things are untouched.
    const theirs = await readJson(await rival.admin.get(`/api/admin/messages/${other.message}`));
    expect(theirs.deleted).toBeNull();
    expect((await rival.admin.get(`/api/admin/media`)).status).toBe(200);
  });
});

describe('admin portal', () => {
  it('deletes a team: gone from every list and read, 404 for its coach and afterwards, its history in the audit', async () => {
    const ghosts = await newTeam(club, 'Riverside Ghosts');
    expect((await club.coachB.post('/api/teams/join', { code: ghosts.code })).status).toBe(200);
    const made = await club.admin.put(`/api/teams/${ghosts.id}/members/${club.coachB.userId}/role`, {
      assignedRole: 'coach',
    });
    expect(made.status).toBe(200);
    const ids = (list: { id: string }[]) => list.map((t) => t.id);
    expect(ids(await readJson(await club.coachB.get('/api/teams')))).toContain(ghosts.id);
    expect((await club.coachB.get(`/api/teams/${ghosts.id}`)).status).toBe(200);

    // Its coach is no admin (403); another organization's admin does not see it (404).
    expect((await club.coachB.delete(`/api/admin/teams/${ghosts.id}`)).status).toBe(403);
    expect((await rival.admin.delete(`/api/admin/teams/${ghosts.id}`)).status).toBe(404);
    expect((await club.admin.get(`/api/teams/${ghosts.id}`)).status).toBe(200);

    expect((await club.admin.delete(`/api/admin/teams/${ghosts.id}`)).status).toBe(204);
    expect(ids(await readJson(await club.admin.get('/api/admin/teams')))).not.toContain(ghosts.id);
    expect((await club.admin.get(`/api/admin/teams/${ghosts.id}`)).status).toBe(404);
    expect(ids(await readJson(await club.admin.get(`/api/organizations/${club.org.id}/teams`)))).not.toContain(
      ghosts.id,
    );
    expect(ids(await readJson(await club.coachB.get('/api/teams')))).toEqual([club.teamB.id]);
    expect(ids(await readJson(await club.admin.get('/api/teams')))).not.toContain(ghosts.id);
    for (const who of [club.coachB, club.admin, rival.admin]) {
      expect((await who.get(`/api/teams/${ghosts.id}`)).status).toBe(404);
    }
    expect((await club.coachB.get(`/api/teams/${ghosts.id}/messages`)).status).toBe(404);
    // Deleting twice: it is not there any more.
    expect((await club.admin.delete(`/api/admin/teams/${ghosts.id}`)).status).toBe(404);
    // Its history stays readable in the activity audit.
    const audit = adminActivityPageSchema.parse(
      await readJson(await club.admin.get('/api/admin/activity?type=TeamDeleted')),
    );
    expect(audit.items.map((a) => a.description)).toContain('Riverside Admin deleted the team Riverside Ghosts');
    const history = adminActivityPageSchema.parse(
      await readJson(await club.admin.get(`/api/admin/activity?teamId=${ghosts.id}`)),
    );
    expect(history.items.length).toBeGreaterThan(1);
  });

  it('dashboard: counts from the read models, upcoming matches and recent activity', async () => {
    const stats = adminStatsSchema.parse(await readJson(await rival.admin.get('/api/admin/stats')));
    expect(stats).toMatchObject({ orgId: rival.org.id, orgName: 'Hilltop', totalTeams: 2, totalMatches: 1 });
    expect(stats.upcomingMatches[0]).toMatchObject({
      id: other.match,
      teamA: 'Hilltop Hawks',
      teamB: 'Hilltop Owls',
      sport: 'Soccer',
    });
    expect(stats.recentActivity.length).toBe(5);
    expect(stats.recentActivity[0]!.description).toContain('Hilltop Parent wrote in Hilltop Hawks');
  });

  it('a coach deletes a message: members see "Message deleted"; the admin finds the original filtered by that coach', async () => {
    const sent = await readJson(
      await rival.parent.post(`/api/teams/${rival.teamA.id}/messages`, { text: 'My number is 555-0100' }),
    );
    // Another parent may not; the coach may.
    expect((await rival.ava.delete(`/api/teams/${rival.teamA.id}/messages/${sent.id}`)).status).toBe(403);
    const deleted = await rival.coach.delete(`/api/teams/${rival.teamA.id}/messages/${sent.id}`);
    expect(deleted.status).toBe(200);
    expect(await readJson(deleted)).toMatchObject({ id: sent.id, deleted: true, text: 'Message deleted' });
    const seen = (await readJson(await rival.parent.get(`/api/teams/${rival.teamA.id}/messages`))) as any[];
    expect(seen.find((m) => m.id === sent.id)).toMatchObject({ text: 'Message deleted', deleted: true });
    expect(JSON.stringify(seen)).not.toContain('555-0100');

    const page = adminActivityPageSchema.parse(
      await readJson(await rival.admin.get(`/api/admin/activity?userId=${rival.coach.userId}&type=MessageDeleted`)),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      type: 'MessageDeleted',
      actorName: 'Hilltop Coach',
      subjectName: 'Hilltop Parent',
      description: "Hilltop Coach deleted Hilltop Parent's message in Hilltop Hawks: “My number is 555-0100”",
    });
    const history = await readJson(await rival.admin.get(`/api/admin/messages/${sent.id}`));
    expect(history).toMatchObject({
      versions: [{ text: 'My number is 555-0100' }],
      deleted: { by: rival.coach.userId, byName: 'Hilltop Coach' },
    });
  });

  it('the sender edits a message; every version stays in the audit', async () => {
    const sent = await readJson(
      await rival.parent.post(`/api/teams/${rival.teamA.id}/messages`, { text: 'Game at 9' }),
    );
    expect((await rival.coach.patch(`/api/teams/${rival.teamA.id}/messages/${sent.id}`, { text: 'x' })).status).toBe(
      403,
    );
    expect((await rival.parent.patch(`/api/teams/${rival.teamA.id}/messages/${sent.id}`, { text: ' ' })).status).toBe(
      400,
    );
    const edited = await rival.parent.patch(`/api/teams/${rival.teamA.id}/messages/${sent.id}`, { text: 'Game at 10' });
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({ text: 'Game at 10', deleted: false, editedAt: expect.any(String) });
    const history = await readJson(await rival.admin.get(`/api/admin/messages/${sent.id}`));
    expect(history.versions.map((v: { text: string }) => v.text)).toEqual(['Game at 9', 'Game at 10']);
  });

  it('exports the activity as CSV and NDJSON, the same selection as the pages', async () => {
    const filter = `teamId=${rival.teamA.id}`;
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await readJson(
        await rival.admin.get(`/api/admin/activity?${filter}&limit=7${cursor ? `&cursor=${cursor}` : ''}`),
      );
      pages.push(...page.items.map((a: { id: string }) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    const csv = await rival.admin.get(`/api/admin/activity?${filter}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="activity-.*\.csv"/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(activityCsvColumns.join(','));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(pages);
    const ndjson = await rival.admin.get(`/api/admin/activity?${filter}&format=ndjson`);
    const rows = (await ndjson.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.id)).toEqual(pages);
    expect(rows[0]).toMatchObject({ teamId: rival.teamA.id, position: expect.stringMatching(/^\d+\/\d+$/) });
    // Bad filters: 400 with field messages.
    const bad = await rival.admin.get('/api/admin/activity?from=yesterday&limit=0&type=no%20such');
    expect(bad.status).toBe(400);
    expect(Object.keys((await readJson(bad)).fieldErrors).sort()).toEqual(['from', 'limit', 'type']);
    // A cursor is a line's log position (commit/prepare), within PostgreSQL's bigint.
    for (const cursor of ['12', '1/99999999999999999999', '-1/2', '1%2F2%2F3']) {
      const refused = await rival.admin.get(`/api/admin/activity?cursor=${cursor}`);
      expect(refused.status, cursor).toBe(400);
      expect((await readJson(refused)).fieldErrors, cursor).toEqual({ cursor: ['Unknown cursor'] });
    }
    const page = await readJson(await rival.admin.get(`/api/admin/activity?${filter}&limit=2`));
    expect(page.nextCursor).toBe(page.items[1].position);
    const encoded = await rival.admin.get(
      `/api/admin/activity?${filter}&limit=2&cursor=${encodeURIComponent(page.nextCursor)}`,
    );
    expect((await readJson(encoded)).items.map((a: { id: string }) => a.id)).toEqual(pages.slice(2, 4));
  });

  it("people: search, role filter, role change; deactivation ends access to the club's teams, keeping what they wrote", async () => {
    const parents = (await readJson(await rival.admin.get('/api/admin/people?role=parent'))) as any[];
    expect(parents.map((p) => p.name)).toEqual(['Hilltop Parent']);
    const found = (await readJson(await rival.admin.get('/api/admin/people?search=AVA'))) as any[];
    expect(found.map((p) => p.name)).toEqual(['Hilltop Ava']);
    expect(found[0]).toMatchObject({ teamCount: 1, connectedTeams: [{ teamName: 'Hilltop Hawks' }], isActive: true });

    const made = await rival.admin.patch(`/api/admin/people/${rival.ava.userId}`, { role: 'coach' });
    expect(made.status).toBe(200);
    expect(await readJson(made)).toMatchObject({ role: 'coach' });

    const { email } = await readJson(await rival.parent.get('/api/user'));
    expect((await rival.admin.delete(`/api/admin/people/${rival.parent.userId}`)).status).toBe(204);
    // Their account is theirs: the session goes on and sign-in works; the club's teams are gone.
    expect((await rival.parent.get('/api/user')).status).toBe(200);
    expect((await rival.parent.get(`/api/teams/${rival.teamA.id}/messages`)).status).toBe(404);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: 'correct horse' }),
    });
    expect(login.status).toBe(200);
    const person = await readJson(await rival.admin.get(`/api/admin/people/${rival.parent.userId}`));
    expect(person).toMatchObject({ isActive: false, role: 'parent', connectedTeams: [{ teamName: 'Hilltop Hawks' }] });
    // Nothing they wrote is lost.
    const messages = (await readJson(await rival.coach.get(`/api/teams/${rival.teamA.id}/messages`))) as any[];
    expect(messages.some((m) => m.userId === rival.parent.userId && m.text === 'Game at 10')).toBe(true);
    // Reactivated, they have the team again.
    expect((await rival.admin.patch(`/api/admin/people/${rival.parent.userId}`, { isActive: true })).status).toBe(200);
    expect((await rival.parent.get(`/api/teams/${rival.teamA.id}/messages`)).status).toBe(200);
    // An admin cannot deactivate themself.
    expect((await rival.admin.delete(`/api/admin/people/${rival.admin.userId}`)).status).toBe(409);
  });

  it('media library: file name, type, size, download as an attachment', async () => {
    const media = (await readJson(await rival.admin.get('/api/admin/media?search=hawks'))) as any[];
    expect(media[0]).toMatchObject({ fileType: 'image', teamName: 'Hilltop Hawks', uploadedBy: 'Hilltop Parent' });
    expect(media[0].fileSize).toBeGreaterThan(0);
    const file = await rival.admin.get(media[0].downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.png"$/);
    expect((await file.arrayBuffer()).byteLength).toBe(media[0].fileSize);
    expect(await readJson(await rival.admin.get('/api/admin/media?type=video'))).toEqual([]);
  });

  it('access at a moment: the teams and roles a person had, and the adults who could message a team', async () => {
    const answer = await readJson(
      await rival.admin.get(`/api/admin/access?userId=${rival.coach.userId}&teamId=${rival.teamA.id}`),
    );
    expect(answer.person).toMatchObject({
      name: 'Hilltop Coach',
      teams: [{ teamName: 'Hilltop Hawks', role: 'coach' }],
    });
    expect(answer.team.adults.map((a: { name: string; role: string }) => `${a.name}:${a.role}`)).toEqual(
      expect.arrayContaining(['Hilltop Coach:coach', 'Hilltop Parent:parent', 'Hilltop Admin:org_admin']),
    );
    const before = await readJson(
      await rival.admin.get(`/api/admin/access?teamId=${rival.teamA.id}&at=2000-01-01T00:00:00Z`),
    );
    expect(before.team.adults).toEqual([]);
    expect((await rival.admin.get('/api/admin/access')).status).toBe(400);
    expect((await rival.admin.get(`/api/admin/access?userId=${outsider.userId}`)).status).toBe(404);
  });
});

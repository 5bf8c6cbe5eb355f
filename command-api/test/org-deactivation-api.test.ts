import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, member, scheduleMatch, type Club } from './match-fixture.ts';
import { SocketClient } from './socket-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Deactivation belongs to the organization that made it: club A's admin ends a person's access
 * to A's teams, while the person keeps signing in, keeps administering club B and keeps B's
 * team frames on the socket. Only A's admins undo it.
 */
describe.each(await testDatabaseKinds())('deactivation by one organization (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let a: Club;
  let b: Club;
  /** Admin of club B, in one of B's teams, and in one of A's teams by its code. */
  let person: ApiClient;
  let match: { id: string };
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    // Invitation emails go to DATA_DIR/outbox without SMTP.
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-deactivation-'));
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1', DATA_DIR: dataDir } });
    [a, b] = await Promise.all([createClub(server, 'Riverside'), createClub(server, 'Hilltop')]);
    person = await member(server, 'coach', 'Robin Both');
    expect((await person.post('/api/teams/join', { code: b.teamA.code })).status).toBe(200);
    expect((await b.admin.post(`/api/organizations/${b.org.id}/admins`, { userId: person.userId })).status).toBe(200);
    expect((await person.post('/api/teams/join', { code: a.teamA.code })).status).toBe(200);
    match = await scheduleMatch(a);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (client: ApiClient) => {
    const socket = await SocketClient.open(server, client);
    sockets.push(socket);
    return socket;
  };

  let address = 0;
  const signIn = async (client: ApiClient) => {
    const { email } = await readJson(await client.get('/api/user'));
    return fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.9.0.${++address}` },
      body: JSON.stringify({ email, password: 'correct horse' }),
    });
  };

  /** Club A's team-, season-, match- and organization-scoped reads and writes, as `client` sees them. */
  const clubAStatuses = async (client: ApiClient) => {
    const team = a.teamA.id;
    const calls: Array<[string, () => Promise<Response>]> = [
      ['team', () => client.get(`/api/teams/${team}`)],
      ['members', () => client.get(`/api/teams/${team}/members`)],
      ['messages', () => client.get(`/api/teams/${team}/messages`)],
      ['send', () => client.post(`/api/teams/${team}/messages`, { text: 'Still here?' })],
      ['events', () => client.get(`/api/teams/${team}/events`)],
      ['media', () => client.get(`/api/teams/${team}/media`)],
      ['livestreams', () => client.get(`/api/teams/${team}/livestreams`)],
      ['players', () => client.get(`/api/teams/${team}/players`)],
      ['feed token', () => client.post(`/api/teams/${team}/calendar-token`)],
      ['match', () => client.get(`/api/matches/${match.id}`)],
      ['season', () => client.get(`/api/seasons/${a.season.id}`)],
      ['organization', () => client.get(`/api/organizations/${a.org.id}`)],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, call] of calls) statuses[name] = (await call()).status;
    return statuses;
  };

  it('ends access to that club only, over HTTP and the socket; only that club undoes it', async () => {
    const socket = await open(person);
    expect((await socket.join([a.teamA.id, b.teamA.id])).sort()).toEqual([a.teamA.id, b.teamA.id].sort());
    const feed = new URL((await readJson(await person.post(`/api/teams/${a.teamA.id}/calendar-token`))).url);
    const feedPath = `${feed.pathname}${feed.search}`;
    expect((await fetch(`${server.url}${feedPath}`)).status).toBe(200);

    // Club A's admin deactivates them.
    expect((await a.admin.delete(`/api/admin/people/${person.userId}`)).status).toBe(204);
    await socket.next('membership_changed');

    // Their session goes on, and they may sign in.
    expect((await person.get('/api/user')).status).toBe(200);
    expect((await signIn(person)).status).toBe(200);
    // Club B is still theirs to run.
    expect((await person.get(`/api/admin/stats?orgId=${b.org.id}`)).status).toBe(200);
    expect((await person.get(`/api/organizations/${b.org.id}`)).status).toBe(200);
    expect((await person.get(`/api/teams/${b.teamA.id}/messages`)).status).toBe(200);
    expect((await person.post(`/api/teams/${b.teamA.id}/messages`, { text: 'Hilltop practice on' })).status).toBe(201);
    // Club A is gone: every read and write of its teams is a 404, like a team that does not exist.
    const gone = await clubAStatuses(person);
    expect(gone).toEqual(Object.fromEntries(Object.keys(gone).map((name) => [name, 404])));
    expect((await readJson(await person.get('/api/teams'))).map((t: { id: string }) => t.id)).toEqual([b.teamA.id]);
    expect((await readJson(await person.get('/api/organizations'))).map((o: { id: string }) => o.id)).toEqual([
      b.org.id,
    ]);
    expect((await fetch(`${server.url}${feedPath}`)).status).toBe(404);
    // Club A's admin still sees them, as deactivated.
    expect(await readJson(await a.admin.get(`/api/admin/people/${person.userId}`))).toMatchObject({
      isActive: false,
      connectedTeams: [{ teamId: a.teamA.id }],
    });

    // The socket left A's room only: A's chat no longer reaches it, B's does.
    const aSent = await a.coach.post(`/api/teams/${a.teamA.id}/messages`, { text: 'Riverside only' });
    expect(aSent.status).toBe(201);
    const bSent = await b.coach.post(`/api/teams/${b.teamA.id}/messages`, { text: 'Hilltop only' });
    expect(bSent.status).toBe(201);
    await socket.next('new_message', 5_000, (f) => f.message.text === 'Hilltop only');
    expect(socket.ofType('new_message').map((f) => f.message.text)).not.toContain('Riverside only');
    expect(socket.isOpen()).toBe(true);
    // Asking again does not bring A's room back.
    expect(await socket.join([a.teamA.id, b.teamA.id])).toEqual([b.teamA.id]);
    const viaSocket = { type: 'send_message', teamId: a.teamA.id, content: 'Let me in', clientId: 'deactivated-01' };
    socket.send(viaSocket);
    expect(await socket.next('error')).toMatchObject({ type: 'error' });

    // Club B's admin cannot undo club A's decision: in B they are active, and A is not theirs.
    const fromB = await b.admin.patch(`/api/admin/people/${person.userId}?orgId=${b.org.id}`, { isActive: true });
    expect(fromB.status).toBe(200);
    expect(await readJson(fromB)).toMatchObject({ isActive: true });
    expect(
      (await b.admin.patch(`/api/admin/people/${person.userId}?orgId=${a.org.id}`, { isActive: true })).status,
    ).toBe(404);
    // Nor can they, as admin of B, undo it for themself.
    expect(
      (await person.patch(`/api/admin/people/${person.userId}?orgId=${a.org.id}`, { isActive: true })).status,
    ).toBe(404);
    expect((await person.get(`/api/teams/${a.teamA.id}`)).status).toBe(404);

    // Club A's admin reactivates them: access comes back, on HTTP and on the socket.
    const back = await a.admin.patch(`/api/admin/people/${person.userId}`, { isActive: true });
    expect(back.status).toBe(200);
    expect(await readJson(back)).toMatchObject({ isActive: true });
    const restored = await clubAStatuses(person);
    expect(restored).toMatchObject({ team: 200, messages: 200, send: 201, events: 200, match: 200, season: 200 });
    expect((await person.get(`/api/organizations/${a.org.id}`)).status).toBe(200);
    expect((await socket.join([a.teamA.id, b.teamA.id])).sort()).toEqual([a.teamA.id, b.teamA.id].sort());
    await a.coach.post(`/api/teams/${a.teamA.id}/messages`, { text: 'Welcome back' });
    await socket.next('new_message', 5_000, (f) => f.message.text === 'Welcome back');
  });

  it('a person deactivated by every club they are in still signs in, to an empty home', async () => {
    expect((await a.admin.delete(`/api/admin/people/${a.ben.userId}`)).status).toBe(204);
    expect((await signIn(a.ben)).status).toBe(200);
    expect(await readJson(await a.ben.get('/api/teams'))).toEqual([]);
    expect(await readJson(await a.ben.get('/api/organizations'))).toEqual([]);
    expect((await a.ben.get(`/api/teams/${a.teamA.id}`)).status).toBe(404);
    // Joining again by the team's code does not get round it.
    const rejoin = await a.ben.post('/api/teams/join', { code: a.teamA.code });
    expect(rejoin.status).toBe(403);
    expect(await readJson(rejoin)).toMatchObject({ code: 'DEACTIVATED_BY_ORGANIZATION' });
    expect((await a.ben.get(`/api/teams/${a.teamA.id}`)).status).toBe(404);
    // Nor does an invitation to their own address: it stays unused.
    const { email } = await readJson(await a.ben.get('/api/user'));
    const invited = await a.coach.post(`/api/teams/${a.teamA.id}/invite`, { inviteType: 'coach', name: 'Ben', email });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const token = new URL((await readJson(invited)).invitation.url).searchParams.get('token')!;
    const accepted = await a.ben.post(`/api/invite/${token}/accept`);
    expect(accepted.status).toBe(403);
    expect(await readJson(accepted)).toMatchObject({ code: 'DEACTIVATED_BY_ORGANIZATION' });
    expect((await a.ben.get(`/api/teams/${a.teamA.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/invite/${token}`)).status).toBe(200);
  });

  it('a deactivated admin of the club loses its admin rights with its teams', async () => {
    // A second admin of A, who also coaches A's team B.
    expect((await a.admin.post(`/api/organizations/${a.org.id}/admins`, { userId: a.coachB.userId })).status).toBe(200);
    expect((await a.coachB.get('/api/admin/stats')).status).toBe(200);
    expect((await a.admin.delete(`/api/admin/people/${a.coachB.userId}`)).status).toBe(204);
    expect((await a.coachB.get('/api/admin/stats')).status).toBe(403);
    expect((await a.coachB.get(`/api/organizations/${a.org.id}`)).status).toBe(404);
    expect((await a.coachB.get(`/api/teams/${a.teamB.id}`)).status).toBe(404);
    expect(await readJson(await a.admin.get(`/api/admin/people/${a.coachB.userId}`))).toMatchObject({
      isActive: false,
      role: 'coach',
    });
    // Reactivated, they have their team back; admin rights are given again on purpose.
    expect((await a.admin.patch(`/api/admin/people/${a.coachB.userId}`, { isActive: true })).status).toBe(200);
    expect((await a.coachB.get(`/api/teams/${a.teamB.id}`)).status).toBe(200);
    expect((await a.coachB.get('/api/admin/stats')).status).toBe(403);
  });
});

describe.each(await testDatabaseKinds())("a deactivated member's calendar feed (%s)", (kind) => {
  let server: TestServer;
  let club: Club;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
    club = await createClub(server, 'Lakeside');
  });
  afterAll(async () => {
    await server?.close();
  });

  const feedOf = async (client: ApiClient, teamId: string) => {
    const issued = await client.post(`/api/teams/${teamId}/calendar-token`);
    expect(issued.status).toBe(200);
    const url = new URL((await readJson(issued)).url);
    return `${server.url}${url.pathname}${url.search}`;
  };

  it('dies with the deactivation and comes back only with a new token', async () => {
    const feed = await feedOf(club.parent, club.teamA.id);
    expect((await fetch(feed)).status).toBe(200);

    expect((await club.admin.delete(`/api/admin/people/${club.parent.userId}`)).status).toBe(204);
    const dead = await fetch(feed);
    expect(dead.status).toBe(404);
    expect(await dead.text()).not.toContain('BEGIN:VCALENDAR');

    // Reactivation alone does not revive the old token.
    expect((await club.admin.patch(`/api/admin/people/${club.parent.userId}`, { isActive: true })).status).toBe(200);
    expect((await club.parent.get(`/api/teams/${club.teamA.id}`)).status).toBe(200);
    expect((await fetch(feed)).status).toBe(404);
    const fresh = await feedOf(club.parent, club.teamA.id);
    expect(fresh).not.toBe(feed);
    const served = await fetch(fresh);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('BEGIN:VCALENDAR');
  });

  it('dies with the membership: a deleted team serves no feed', async () => {
    const feed = await feedOf(club.bo, club.teamB.id);
    expect((await fetch(feed)).status).toBe(200);
    expect((await club.admin.delete(`/api/admin/teams/${club.teamB.id}`)).status).toBe(204);
    expect((await fetch(feed)).status).toBe(404);
  });
});

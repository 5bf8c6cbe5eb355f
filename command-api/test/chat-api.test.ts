import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let player: ApiClient;
let otherCoach: ApiClient;
let teamA: { id: string; code: string };
let teamB: { id: string; code: string };

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent, player, otherCoach] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Pia Player'),
    signUp(server.url, 'coach', 'Omar Other'),
  ]);
  teamA = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  teamB = await readJson(await otherCoach.post('/api/teams', { name: 'Bears', sport: 'Soccer' }));
  for (const member of [parent, player]) {
    expect((await member.post('/api/teams/join', { code: teamA.code })).status).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
});

const messagesOf = (team: { id: string }) => `/api/teams/${team.id}/messages`;

async function send(client: ApiClient, body: Record<string, unknown>, team = teamA) {
  const response = await client.post(messagesOf(team), body);
  return { status: response.status, body: await readJson(response) };
}

describe('chat over HTTP', () => {
  it('lets members post and read messages, oldest→newest, with the sender', async () => {
    const sent = await send(parent, { text: '  Is practice still on?  ', mediaUrl: null });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      teamId: teamA.id,
      userId: parent.userId,
      text: 'Is practice still on?',
      mediaUrl: null,
      timestamp: expect.any(String),
      pinned: false,
      clientId: null,
      user: { name: 'Pat Parent', avatarUrl: null },
      deleted: false,
      editedAt: null,
    });
    await send(coach, { text: 'Yes, 6pm' });
    const messages = await readJson(await player.get(messagesOf(teamA)));
    expect(messages.slice(-2).map((m: { text: string; user: { name: string } }) => [m.user.name, m.text])).toEqual([
      ['Pat Parent', 'Is practice still on?'],
      ['Casey Coach', 'Yes, 6pm'],
    ]);
  });

  it('pages back with `before`, each page oldest→newest', async () => {
    const team = await readJson(await coach.post('/api/teams', { name: 'Pagers', sport: 'Soccer' }));
    for (let i = 1; i <= 5; i++) await send(coach, { text: `m${i}` }, team);
    const texts = (page: Array<{ text: string }>) => page.map((m) => m.text);
    const latest = await readJson(await coach.get(`${messagesOf(team)}?limit=2`));
    expect(texts(latest)).toEqual(['m4', 'm5']);
    const older = await readJson(await coach.get(`${messagesOf(team)}?limit=2&before=${latest[0].id}`));
    expect(texts(older)).toEqual(['m2', 'm3']);
    const oldest = await readJson(await coach.get(`${messagesOf(team)}?limit=2&before=${older[0].id}`));
    expect(texts(oldest)).toEqual(['m1']);
    expect(texts(await readJson(await coach.get(messagesOf(team))))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);

    const unknownCursor = await coach.get(`${messagesOf(team)}?before=not-a-message`);
    expect(unknownCursor.status).toBe(400);
    expect(await readJson(unknownCursor)).toMatchObject({ code: 'INVALID_CURSOR' });
    // A message of another team is no cursor here (and does not leak).
    const foreign = await coach.get(`${messagesOf(team)}?before=${latest[0].id}`.replace(team.id, teamA.id));
    expect(foreign.status).toBe(400);
    expect((await coach.get(`${messagesOf(team)}?limit=0`)).status).toBe(400);
  });

  it('is idempotent by clientId: a retry answers with the first message and records nothing new', async () => {
    const body = { text: 'Carpool from the school?', clientId: 'retry-0001-abcdef' };
    const first = await send(parent, body);
    expect(first.status).toBe(201);
    expect(first.body.clientId).toBe('retry-0001-abcdef');
    const retry = await send(parent, { ...body, text: 'edited on retry' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    // Retries racing each other still make one message.
    const racing = await Promise.all(
      [1, 2, 3].map(() => send(parent, { text: 'racing', clientId: 'race-0002-abcdef' })),
    );
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);

    const messages = await readJson(await coach.get(messagesOf(teamA)));
    const withKey = (key: string) => messages.filter((m: { clientId: string | null }) => m.clientId === key);
    expect(withKey('retry-0001-abcdef')).toHaveLength(1);
    expect(withKey('race-0002-abcdef')).toHaveLength(1);
    // Another sender may use the same key for their own message.
    expect((await send(player, body)).status).toBe(201);
  });

  it('refuses blank messages, external media and bad clientIds with 400 and field errors', async () => {
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: 'x'.repeat(4001) }]) {
      const refused = await send(parent, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION', fieldErrors: { text: [expect.any(String)] } });
    }
    const external = await send(parent, { text: 'look', mediaUrl: 'https://evil.example/tracker.png' });
    expect(external.status).toBe(400);
    expect(external.body.fieldErrors).toHaveProperty('mediaUrl');
    // Shaped like our own media, but no such upload in this team.
    const unknown = await send(parent, {
      text: 'look',
      mediaUrl: '/api/media/00000000-0000-0000-0000-000000000000.png',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_MEDIA' });
    expect((await send(parent, { text: 'x', clientId: 'a b' })).status).toBe(400);
  });

  it("answers 404 for another team's chat, exactly like a team that does not exist", async () => {
    const paths = [messagesOf(teamB), `${messagesOf(teamB)}/pinned`];
    for (const path of paths) {
      const foreign = await parent.get(path);
      expect(foreign.status, path).toBe(404);
      const missing = await parent.get(path.replace(teamB.id, '00000000-0000-0000-0000-000000000000'));
      expect(await readJson(foreign)).toEqual(await readJson(missing));
    }
    // Even an invalid payload gets 404, not a validation error that would confirm the team.
    for (const body of [{ text: 'hello B' }, { text: '' }]) {
      const posted = await parent.post(messagesOf(teamB), body);
      expect(posted.status).toBe(404);
    }
    const bMessage = (await send(otherCoach, { text: 'B only' }, teamB)).body;
    expect((await coach.post(`${messagesOf(teamB)}/${bMessage.id}/pin`)).status).toBe(404);
    expect((await coach.post(`${messagesOf(teamA)}/${bMessage.id}/pin`)).status).toBe(404);
    const bMessages = await readJson(await otherCoach.get(messagesOf(teamB)));
    expect(bMessages.map((m: { text: string }) => m.text)).toEqual(['B only']);
  });

  it('lets the coach pin and unpin; parents and players get 403; pinned list newest pin first', async () => {
    const first = (await send(parent, { text: 'Snacks rota is up' })).body;
    const second = (await send(coach, { text: 'Tournament on Saturday' })).body;
    const pin = (client: ApiClient, id: string) => client.post(`${messagesOf(teamA)}/${id}/pin`);
    const unpin = (client: ApiClient, id: string) => client.delete(`${messagesOf(teamA)}/${id}/pin`);

    for (const member of [parent, player]) {
      const refused = await pin(member, first.id);
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toMatchObject({ code: 'COACHES_ONLY' });
    }
    const pinned = await pin(coach, first.id);
    expect(pinned.status).toBe(200);
    expect(await readJson(pinned)).toMatchObject({ id: first.id, pinned: true });
    expect((await pin(coach, second.id)).status).toBe(200);
    // Pinning twice changes nothing.
    expect((await pin(coach, second.id)).status).toBe(200);
    expect((await pin(coach, 'no-such-message')).status).toBe(404);

    const list = await readJson(await parent.get(`${messagesOf(teamA)}/pinned`));
    expect(list.map((m: { text: string }) => m.text)).toEqual(['Tournament on Saturday', 'Snacks rota is up']);

    expect((await unpin(parent, second.id)).status).toBe(403);
    const unpinned = await unpin(coach, second.id);
    expect(await readJson(unpinned)).toMatchObject({ id: second.id, pinned: false });
    expect((await readJson(await parent.get(`${messagesOf(teamA)}/pinned`))).map((m: { id: string }) => m.id)).toEqual([
      first.id,
    ]);

    const events = await server.eventStore.readStream(`chat-${teamA.id}`);
    expect(events.filter((e) => e.type !== 'MessageSent').map((e) => e.type)).toEqual([
      'MessagePinned',
      'MessagePinned',
      'MessageUnpinned',
    ]);
  });

  it('requires a session', async () => {
    for (const [method, path] of [
      ['GET', messagesOf(teamA)],
      ['POST', messagesOf(teamA)],
      ['GET', `${messagesOf(teamA)}/pinned`],
      ['POST', `${messagesOf(teamA)}/x/pin`],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('rate limits a flood of sends per user with 429 and Retry-After', async () => {
    const flooder = await signUp(server.url, 'player', 'Flo Flood');
    expect((await flooder.post('/api/teams/join', { code: teamA.code })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await flooder.post(messagesOf(teamA), { text: `spam ${i}` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const limited = await flooder.post(messagesOf(teamA), { text: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

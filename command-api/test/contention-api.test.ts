import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userDecider, userStream } from '@sideline/domain';
import { START, type RecordedEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Bursts of writes that do not conflict in meaning (parents answering one practice, joining one
 * team, liking one photo) and bursts of retries of one write (one Idempotency-Key, one chat
 * clientId), fired at once over real HTTP and WebSocket connections.
 */
const kinds = await testDatabaseKinds();

interface Member {
  userId: string;
  cookie: string;
}

/** Every event in the store (the suite's database is its own, so this is only this suite's). */
async function allEvents(server: TestServer): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let from = START; ;) {
    const page = await server.eventStore.readAll({ fromPosition: from, limit: 1000 });
    events.push(...page);
    if (page.length < 1000) return events;
    from = page[page.length - 1]!.position;
  }
}

describe.each(kinds)('concurrent writes (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let coach: ApiClient;
  let team: { id: string; code: string };
  let parents: Member[];

  /**
   * Registration is rate-limited per IP (10 per 15 min), so the crowd registers through the same
   * RegisterUser command the route runs, and signs in with a real session.
   */
  async function member(): Promise<Member> {
    const userId = randomUUID();
    await server.server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Parent ${userId.slice(0, 6)}`, email: `${userId}@example.com`, role: 'parent' },
      },
      { actorId: userId },
    );
    return { userId, cookie: `sideline_session=${await server.server.sessions.create(userId, {})}` };
  }

  const post = (who: Member, url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: server.url, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  function upload(who: Member, data: Uint8Array, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.append('type', 'photo');
    form.append('title', 'Team photo');
    form.append('description', '');
    form.append('file', new Blob([data], { type: 'image/png' }), 'team.png');
    return fetch(`${server.url}/api/teams/${team.id}/media/upload`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: server.url, ...headers },
      body: form,
    });
  }

  const statuses = (responses: Response[]) => responses.map((r) => r.status);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-contention-'));
    server = await startTestServer({ kind, env: { DATA_DIR: dataDir } });
    coach = await signUp(server.url, 'coach', 'Casey Coach');
    team = await readJson(await coach.post('/api/teams', { name: 'Crowded', sport: 'Soccer' }));
    parents = [];
    for (let i = 0; i < 30; i++) parents.push(await member());
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets 24 parents join one team at once: every join succeeds and the roster shows them all', async () => {
    const joiners = parents.slice(0, 24);
    const responses = await Promise.all(joiners.map((p) => post(p, '/api/teams/join', { code: team.code })));
    expect(statuses(responses)).toEqual(joiners.map(() => 200));
    const roster = await readJson(await coach.get(`/api/teams/${team.id}/members`));
    const ids = new Set(roster.map((m: { userId: string }) => m.userId));
    for (const p of joiners) expect(ids.has(p.userId)).toBe(true);
    // The rest join too, for the bursts below.
    for (const p of parents.slice(24)) expect((await post(p, '/api/teams/join', { code: team.code })).status).toBe(200);
  });

  it('records 30 RSVPs to one occurrence sent at once, and the event shows all 30', async () => {
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const event = await readJson(await coach.post(`/api/teams/${team.id}/events`, { title: 'Practice', date }));
    const answers = ['yes', 'maybe', 'no'] as const;
    const responses = await Promise.all(
      parents.map((p, i) =>
        post(p, `/api/events/${event.id}/rsvp`, { status: answers[i % 3], occurrenceDate: event.occurrenceDate }),
      ),
    );
    expect(statuses(responses)).toEqual(parents.map(() => 200));
    const [occurrence] = await readJson(await coach.get(`/api/teams/${team.id}/events/upcoming?limit=1`));
    expect(occurrence.id).toBe(event.id);
    const recorded = new Map(occurrence.rsvps.map((r: { userId: string; status: string }) => [r.userId, r.status]));
    expect(recorded).toEqual(new Map(parents.map((p, i) => [p.userId, answers[i % 3]])));
  });

  it('records 24 likes of one photo sent at once, and the photo counts 24', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const uploaded = await readJson(await upload(parents[0]!, photo));
    const likers = parents.slice(0, 24);
    const responses = await Promise.all(likers.map((p) => post(p, `/api/teams/${team.id}/media/${uploaded.id}/like`)));
    expect(statuses(responses)).toEqual(likers.map(() => 200));
    const [item] = await readJson(await coach.get(`/api/teams/${team.id}/media?limit=1`));
    expect(item).toMatchObject({ id: uploaded.id, likes: 24 });
  });

  it('answers 20 concurrent creates with one Idempotency-Key with one event, same status and body', async () => {
    const key = `create-${randomUUID()}`;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const send = () =>
      fetch(`${server.url}/api/teams/${team.id}/events`, {
        method: 'POST',
        headers: {
          cookie: coach.cookie,
          origin: server.url,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ title: 'Final', date }),
      });
    const burst = await Promise.all(Array.from({ length: 20 }, send));
    expect(statuses(burst)).toEqual(burst.map(() => 201));
    const bodies = await Promise.all(burst.map(readJson));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const scheduled = (await allEvents(server)).filter(
      (e) => e.type === 'EventScheduled' && (e.data as { eventId: string }).eventId === bodies[0].id,
    );
    expect(scheduled).toHaveLength(1);
    // A later retry, once everything has settled, still answers the same.
    const late = await send();
    expect(late.status).toBe(201);
    expect(await readJson(late)).toEqual(bodies[0]);
  });

  it('answers 20 concurrent uploads with one Idempotency-Key with one item, same status and body', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const headers = { 'idempotency-key': `upload-${randomUUID()}` };
    const burst = await Promise.all(Array.from({ length: 20 }, () => upload(parents[1]!, photo, headers)));
    expect(statuses(burst)).toEqual(burst.map(() => 201));
    const bodies = await Promise.all(burst.map(readJson));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await server.eventStore.readStream(`media-${bodies[0].id}`)).toHaveLength(1);
    const late = await upload(parents[1]!, photo, headers);
    expect(late.status).toBe(201);
    expect(await readJson(late)).toEqual(bodies[0]);
  });

  it('stores 30 racing HTTP chat sends with one clientId as one message event, all answered alike', async () => {
    const clientId = `race-${randomUUID()}`;
    const sender = parents[2]!;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(sender, `/api/teams/${team.id}/messages`, { text: `Running late (try ${i})`, clientId }),
      ),
    );
    expect(statuses(burst)).toEqual(burst.map(() => 201));
    const bodies = await Promise.all(burst.map(readJson));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const sent = (await allEvents(server)).filter(
      (e) => e.type === 'MessageSent' && (e.data as { clientId: string | null }).clientId === clientId,
    );
    expect(sent).toHaveLength(1);
  });

  it('stores 30 racing socket sends with one clientId (over six sockets) as one message event', async () => {
    const clientId = `socket-${randomUUID()}`;
    const sender = parents[3]!;
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
          headers: { cookie: sender.cookie },
          origin: server.url,
        });
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      });
    const sockets = await Promise.all(Array.from({ length: 6 }, open));
    const errors: unknown[] = [];
    try {
      const delivered = sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.on('message', (data) => {
              const frame = JSON.parse(String(data)) as { type: string; message?: { clientId: string | null } };
              if (frame.type === 'error') errors.push(frame);
              // An error settles it too, so a refused send fails the assertion below, not a timeout.
              if (frame.type === 'error' || (frame.type === 'new_message' && frame.message?.clientId === clientId)) {
                resolve();
              }
            });
          }),
      );
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              socket.on('message', (data) => {
                if ((JSON.parse(String(data)) as { type: string }).type === 'joined') resolve();
              });
              socket.send(JSON.stringify({ type: 'join_teams', teamIds: [team.id] }));
            }),
        ),
      );
      // Five sends per socket (a socket allows eight in flight): 30 in all, the chat's limit per 10 s.
      for (let i = 0; i < 30; i++) {
        sockets[i % 6]!.send(
          JSON.stringify({ type: 'send_message', teamId: team.id, content: `On my way (${i})`, clientId }),
        );
      }
      await Promise.all(delivered);
      expect(errors).toEqual([]);
      const sent = (await allEvents(server)).filter(
        (e) => e.type === 'MessageSent' && (e.data as { clientId: string | null }).clientId === clientId,
      );
      expect(sent).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

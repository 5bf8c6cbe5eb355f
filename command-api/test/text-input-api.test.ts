import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATE_RANGE_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '@sideline/domain';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate), NUL in ids, out-of-range numbers
 * and dates: each is a 400 with a message on the field, on every route that takes them, never
 * a 500.
 */
let server: TestServer;
let dataDir: string;
let coach: ApiClient;
let parent: ApiClient;
let team: { id: string; code: string };
let teamPath: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-text-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  [coach, parent] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  teamPath = `/api/teams/${team.id}`;
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const unstorable = { NUL: 'before\u0000after', 'a lone surrogate': 'half \ud83d of an emoji' } as const;

let counter = 0;
const uniqueEmail = () => `text${Date.now()}-${counter++}@example.com`;
const anonymousPost = (url: string, body: unknown) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const event = (fields: Record<string, unknown> = {}) => ({
  title: 'Practice',
  description: 'Bring water',
  location: 'Field 2',
  date: '2026-12-01T17:00:00.000Z',
  ...fields,
});

/** Every JSON text field a request takes, and how to send a value in it. */
const textFields: Array<{ route: string; field: string; send: (value: string) => Promise<Response> }> = [
  {
    route: 'POST /api/register',
    field: 'name',
    send: (v) => anonymousPost('/api/register', { email: uniqueEmail(), password: 'correct horse', name: v }),
  },
  {
    route: 'POST /api/register',
    field: 'email',
    send: (v) => anonymousPost('/api/register', { email: `a${v}@example.com`, password: 'correct horse', name: 'A' }),
  },
  {
    route: 'POST /api/register',
    field: 'password',
    send: (v) => anonymousPost('/api/register', { email: uniqueEmail(), password: `correct ${v}`, name: 'A' }),
  },
  {
    route: 'POST /api/login',
    field: 'password',
    send: (v) => anonymousPost('/api/login', { email: uniqueEmail(), password: `correct ${v}` }),
  },
  { route: 'POST /api/teams', field: 'name', send: (v) => coach.post('/api/teams', { name: v, sport: 'Soccer' }) },
  {
    route: 'POST /api/teams',
    field: 'ageGroup',
    send: (v) => coach.post('/api/teams', { name: 'Cubs', sport: 'Soccer', ageGroup: v }),
  },
  { route: 'POST /api/teams/join', field: 'code', send: (v) => parent.post('/api/teams/join', { code: v }) },
  {
    route: 'POST /api/teams/{teamId}/messages',
    field: 'text',
    send: (v) => parent.post(`${teamPath}/messages`, { text: v }),
  },
  {
    route: 'POST /api/teams/{teamId}/messages',
    field: 'clientId',
    send: (v) => parent.post(`${teamPath}/messages`, { text: 'hi', clientId: `client-${v}` }),
  },
  ...(['title', 'description', 'location'] as const).map((field) => ({
    route: 'POST /api/teams/{teamId}/events',
    field,
    send: (v: string) => coach.post(`${teamPath}/events`, event({ [field]: v })),
  })),
  {
    route: 'POST /api/ai/game-recap',
    field: 'gameTitle',
    send: (v) => parent.post('/api/ai/game-recap', { teamId: team.id, gameTitle: v }),
  },
  {
    route: 'POST /api/ai/game-recap',
    field: 'highlights.1',
    send: (v) => parent.post('/api/ai/game-recap', { teamId: team.id, highlights: ['Great save', v] }),
  },
  {
    route: 'POST /api/ai/game-recap',
    field: 'teamId',
    send: (v) => parent.post('/api/ai/game-recap', { teamId: v }),
  },
];

/** Fields validated by the shared text type carry its message; ids and codes have their shape's. */
const shapeFields = new Set(['email', 'code', 'clientId', 'teamId']);

describe('text that cannot be stored', () => {
  for (const [what, value] of Object.entries(unstorable)) {
    for (const { route, field, send } of textFields) {
      it(`${route}: ${what} in ${field} is a 400 with a message on ${field}`, async () => {
        const response = await send(value);
        expect(response.status).toBe(400);
        const body = await readJson(response);
        expect(body.code).toBe('VALIDATION');
        expect(body.fieldErrors[field]).toEqual([expect.any(String)]);
        if (!shapeFields.has(field)) expect(body.fieldErrors[field]).toEqual([UNSTORABLE_TEXT_MESSAGE]);
      });
    }
  }

  it('POST /api/teams/{teamId}/media/upload: NUL in title or description is a 400 on that field', async () => {
    const file = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    for (const field of ['title', 'description']) {
      const form = new FormData();
      form.append('type', 'photo');
      form.append(field, unstorable.NUL);
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'kickoff.png');
      const response = await fetch(`${server.url}${teamPath}/media/upload`, {
        method: 'POST',
        headers: { cookie: parent.cookie, origin: server.url },
        body: form,
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).fieldErrors).toEqual({ [field]: [UNSTORABLE_TEXT_MESSAGE] });
    }
    // A file name is the client's, not typed text: its NUL is dropped from the title it gives.
    const form = new FormData();
    form.append('type', 'photo');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'kick\u0000off.png');
    const response = await fetch(`${server.url}${teamPath}/media/upload`, {
      method: 'POST',
      headers: { cookie: parent.cookie, origin: server.url },
      body: form,
    });
    expect(response.status).toBe(201);
    const { id } = await readJson(response);
    const items = await readJson(await parent.get(`${teamPath}/media`));
    expect(items.find((item: { id: string }) => item.id === id).title).toBe('kickoff');
  });

  it('still stores every other character: emoji (surrogate pairs), accents, tabs and new lines', async () => {
    const text = 'GOAL ⚽🎉 — Zoë\tnext:\nline';
    const response = await parent.post(`${teamPath}/messages`, { text });
    expect(response.status).toBe(201);
    expect((await readJson(response)).text).toBe(text);
  });
});

describe('ids, cursors and numbers in paths and query strings', () => {
  const eventId = '6f1c1d2e-0000-4000-8000-000000000001';
  const mediaId = '6f1c1d2e-0000-4000-8000-000000000002';
  const nulIds: Array<[method: string, url: () => string, field: string, body?: unknown]> = [
    ['GET', () => '/api/teams/%00', 'teamId'],
    ['GET', () => '/api/teams/%00/members', 'teamId'],
    ['GET', () => '/api/teams/%00/messages', 'teamId'],
    ['POST', () => '/api/teams/%00/messages', 'teamId', { text: 'hi' }],
    ['GET', () => '/api/teams/%00/messages/pinned', 'teamId'],
    ['POST', () => `${teamPath}/messages/%00/pin`, 'messageId'],
    ['DELETE', () => `${teamPath}/messages/%00/pin`, 'messageId'],
    ['GET', () => '/api/teams/%00/events', 'teamId'],
    ['GET', () => '/api/teams/%00/events/upcoming', 'teamId'],
    ['POST', () => '/api/teams/%00/events', 'teamId', event()],
    ['DELETE', () => `${teamPath}/events/%00`, 'eventId'],
    ['DELETE', () => `/api/teams/%00/events/${eventId}`, 'teamId'],
    ['POST', () => '/api/events/%00/rsvp', 'eventId', { status: 'yes' }],
    ['POST', () => '/api/teams/%00/calendar-token', 'teamId'],
    ['GET', () => '/api/teams/%00/calendar.ics?token=abc', 'teamId'],
    ['GET', () => '/api/organizations/%00/members', 'orgId'],
    ['GET', () => '/api/teams/%00/media', 'teamId'],
    ['POST', () => `${teamPath}/media/%00/like`, 'mediaId'],
    ['DELETE', () => `${teamPath}/media/%00/like`, 'mediaId'],
    ['DELETE', () => `${teamPath}/media/%00`, 'mediaId'],
    ['POST', () => `/api/teams/%00/media/${mediaId}/like`, 'teamId'],
    ['GET', () => '/api/media/%00', 'file'],
    ['GET', () => `${teamPath}/messages?before=%00`, 'before'],
    ['GET', () => `${teamPath}/media?before=%00`, 'before'],
    ['GET', () => `${teamPath}/calendar.ics?token=%00`, 'token'],
    ['GET', () => '/api/rewards/me?before=%00', 'before'],
  ];
  for (const [method, url, field, body] of nulIds) {
    it(`${method} ${url().replace(teamPath, '/api/teams/{teamId}')}: a NUL id is a 400 on ${field}`, async () => {
      const response = await (method === 'GET'
        ? coach.get(url())
        : method === 'DELETE'
          ? coach.delete(url())
          : coach.post(url(), body));
      expect(response.status).toBe(400);
      expect((await readJson(response)).fieldErrors[field]).toEqual([expect.any(String)]);
    });
  }

  it('GET /api/rewards/me: a cursor past PostgreSQL bigint is a 400, not a 500', async () => {
    for (const before of ['99999999999999999999.1', '1.99999999999999999999', '9223372036854775808.0']) {
      const response = await parent.get(`/api/rewards/me?before=${before}`);
      expect(response.status, before).toBe(400);
      expect((await readJson(response)).fieldErrors).toEqual({ before: ['Unknown cursor'] });
    }
    // The largest bigint is still a cursor (it pages from the newest).
    expect((await parent.get('/api/rewards/me?before=9223372036854775807.9223372036854775807')).status).toBe(200);
  });

  it('numeric query parameters are bounded', async () => {
    for (const url of [
      `${teamPath}/messages?limit=99999999999999999999`,
      `${teamPath}/messages?limit=1e400`,
      `${teamPath}/events/upcoming?limit=-1`,
      `${teamPath}/media?limit=1.5`,
      '/api/rewards/me?limit=NaN',
    ]) {
      const response = await coach.get(url);
      expect(response.status, url).toBe(400);
      expect((await readJson(response)).fieldErrors.limit, url).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });
});

describe('dates outside 1900–2200', () => {
  it('are refused with 400 on the date field (years 0001–0099 would come back as 1999–2001)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: '0001-01-01T10:00:00.000Z' }, 'date'],
      [{ date: '0099-06-30T10:00:00.000Z' }, 'date'],
      [{ date: '1899-12-31T10:00:00.000Z' }, 'date'],
      [{ date: '2201-01-01T10:00:00.000Z' }, 'date'],
      [
        { isRecurring: true, recurringType: 'weekly', recurringDays: ['monday'], recurringEndDate: '0050-01-01' },
        'recurringEndDate',
      ],
      [{ isRecurring: true, recurringType: 'daily', recurringEndDate: '9999-12-31T00:00:00.000Z' }, 'recurringEndDate'],
    ];
    for (const [fields, field] of cases) {
      const response = await coach.post(`${teamPath}/events`, event(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await readJson(response)).fieldErrors[field]).toEqual([DATE_RANGE_MESSAGE]);
    }
    const created = await readJson(await coach.post(`${teamPath}/events`, event()));
    const rsvp = await parent.post(`/api/events/${created.id}/rsvp`, {
      status: 'yes',
      occurrenceDate: '0020-12-01T17:00:00.000Z',
    });
    expect(rsvp.status).toBe(400);
    expect((await readJson(rsvp)).fieldErrors).toEqual({ occurrenceDate: [DATE_RANGE_MESSAGE] });
  });
});

describe('the socket', () => {
  it('answers a send_message with NUL or a lone surrogate with an error frame, and keeps serving the socket', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: parent.cookie },
      origin: server.url,
    });
    const frames: Array<{ type: string; [field: string]: any }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const next = async (type: string, from: number) => {
      for (let waited = 0; waited < 5_000; waited += 20) {
        const found = frames.slice(from).find((f) => f.type === type);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
    };
    try {
      socket.send(JSON.stringify({ type: 'join_teams', teamIds: [team.id] }));
      expect((await next('joined', 0)).teamIds).toEqual([team.id]);

      for (const [i, value] of Object.values(unstorable).entries()) {
        const from = frames.length;
        const clientId = `unstorable-${i}-abcdef`;
        socket.send(JSON.stringify({ type: 'send_message', teamId: team.id, content: value, clientId }));
        const error = await next('error', from);
        expect(error).toMatchObject({ code: 'bad_frame', message: expect.stringContaining(UNSTORABLE_TEXT_MESSAGE) });
      }
      const from = frames.length;
      socket.send(
        JSON.stringify({ type: 'send_message', teamId: team.id, content: 'still here', clientId: 'fine-0001-abcdef' }),
      );
      expect((await next('new_message', from)).message).toMatchObject({ text: 'still here', userId: parent.userId });
      const stored = await readJson(await parent.get(`${teamPath}/messages`));
      expect(stored.map((m: { text: string }) => m.text)).not.toContain(unstorable.NUL);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  });
});

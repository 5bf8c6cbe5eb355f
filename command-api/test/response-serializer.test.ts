import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  eventSchema,
  mediaDecider,
  mediaItemSchema,
  mediaStream,
  messageSchema,
  teamMemberSchema,
  teamSchema,
  userSchema,
} from '@sideline/domain';
import { responseJsonSchema, responseSerializerCompiler } from '../src/http/response-serializer.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Answers are serialised by fast-json-stringify compiled from each route's zod schema instead of
// zod's serializer (validate with zod, then JSON.stringify). The JSON must be the same bytes.

const compile = (schema: z.ZodType) => ({
  fast: responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }),
  zod: zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }),
});

/** The read routes, each with the zod schema it declares for 200. */
const routes: Array<{ path: (teamId: string) => string; schema: z.ZodType }> = [
  { path: () => '/api/user', schema: userSchema },
  { path: () => '/api/teams', schema: z.array(teamSchema) },
  { path: (t) => `/api/teams/${t}`, schema: teamSchema },
  { path: (t) => `/api/teams/${t}/members`, schema: z.array(teamMemberSchema) },
  { path: (t) => `/api/teams/${t}/messages`, schema: z.array(messageSchema) },
  { path: (t) => `/api/teams/${t}/messages/pinned`, schema: z.array(messageSchema) },
  { path: (t) => `/api/teams/${t}/events`, schema: z.array(eventSchema) },
  { path: (t) => `/api/teams/${t}/events/upcoming`, schema: z.array(eventSchema) },
  { path: (t) => `/api/teams/${t}/media?limit=30`, schema: z.array(mediaItemSchema) },
];

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let team: { id: string; code: string };

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent] = await Promise.all([
    signUp(server.url, 'coach', 'Zoë "Coach" O\'Neil \u2603'),
    signUp(server.url, 'parent', 'Pat </script> Parent'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Ünïcode \\ "Tigers"', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
  const sent = await readJson(
    await coach.post(`/api/teams/${team.id}/messages`, {
      text: 'Line\nbreak\ttab \u2028 emoji 🎉',
      clientId: randomUUID(),
    }),
  );
  await parent.post(`/api/teams/${team.id}/messages`, { text: 'no client id' });
  expect((await coach.post(`/api/teams/${team.id}/messages/${sent.id}/pin`)).status).toBe(200);
  const single = await readJson(
    await coach.post(`/api/teams/${team.id}/events`, {
      title: 'Cup final',
      date: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  await coach.post(`/api/teams/${team.id}/events`, {
    title: 'Practice',
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    isRecurring: true,
    recurringType: 'weekly',
    recurringDays: ['monday', 'wednesday'],
    recurringEndCount: 6,
    timeZone: 'Europe/Berlin',
  });
  expect((await parent.post(`/api/events/${single.id}/rsvp`, { status: 'maybe' })).status).toBe(200);
  // A video (duration, no size) and a photo, as the upload route records them.
  for (const kind of ['video', 'photo'] as const) {
    const mediaId = randomUUID();
    await server.server.handle(
      mediaDecider,
      mediaStream(mediaId),
      {
        type: 'RecordUpload',
        data: {
          mediaId,
          teamId: team.id,
          uploaderId: coach.userId,
          kind,
          title: `${kind} of the day`,
          description: '',
          contentType: kind === 'video' ? 'video/mp4' : 'image/webp',
          bytes: 1234,
          width: kind === 'video' ? null : 640,
          height: kind === 'video' ? null : 480,
          url: `/api/media/${mediaId}.${kind === 'video' ? 'mp4' : 'webp'}`,
          thumbnailUrl: kind === 'video' ? null : `/api/media/${mediaId}-thumb.webp`,
          durationSeconds: kind === 'video' ? 12.5 : null,
        },
      },
      { actorId: coach.userId },
    );
  }
});
afterAll(async () => {
  await server?.close();
});

describe('responses serialised from the zod schemas', () => {
  it('compiles every read route schema (none falls back to zod at run time)', () => {
    for (const { schema } of routes) expect(responseJsonSchema(schema)).not.toBeNull();
  });

  it('answers each read route with exactly the bytes zod’s serializer writes for it', async () => {
    for (const route of routes) {
      const response = await parent.get(route.path(team.id));
      expect(response.status, route.path(team.id)).toBe(200);
      const text = await response.text();
      const body: unknown = JSON.parse(text);
      expect(Array.isArray(body) ? body.length : 1, route.path(team.id)).toBeGreaterThan(0);
      const { fast, zod } = compile(route.schema);
      expect(text, route.path(team.id)).toBe(zod(body));
      expect(fast(body), route.path(team.id)).toBe(zod(body));
    }
  });

  it('leaves out properties the schema does not declare, as zod does', async () => {
    const messages = (await readJson(await parent.get(`/api/teams/${team.id}/messages`))) as object[];
    const withExtras = messages.map((m) => ({ ...m, secret: 'never sent', user: { ...(m as any).user, email: 'x' } }));
    const { fast, zod } = compile(z.array(messageSchema));
    expect(fast(withExtras)).toBe(zod(withExtras));
    expect(fast(withExtras)).not.toContain('never sent');
  });

  it('writes any text (quotes, control characters, lone surrogates, emoji) as zod and JSON.stringify do', () => {
    const { fast, zod } = compile(z.array(messageSchema));
    const message = fc.record({
      id: fc.uuid(),
      teamId: fc.uuid(),
      userId: fc.uuid(),
      text: fc.string({ unit: 'binary', maxLength: 80 }),
      mediaUrl: fc.option(fc.string({ unit: 'grapheme', maxLength: 20 }), { nil: null }),
      timestamp: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      pinned: fc.boolean(),
      clientId: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      user: fc.record({
        name: fc.string({ unit: 'binary-ascii', maxLength: 30 }),
        avatarUrl: fc.option(fc.webUrl(), { nil: null }),
      }),
    });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 5 }), (messages) => {
        expect(fast(messages)).toBe(zod(messages));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps numbers as zod writes them (fractions, zero, large integers)', () => {
    const { fast, zod } = compile(mediaItemSchema);
    fc.assert(
      fc.property(
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e9 }), { nil: null }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (durationSeconds, likes) => {
          const item = {
            id: 'm',
            type: 'video',
            title: 't',
            description: '',
            url: '/api/media/m.mp4',
            thumbnailUrl: null,
            contentType: 'video/mp4',
            durationSeconds,
            width: null,
            height: 720,
            likes,
            likedByMe: false,
            uploader: { id: 'u', name: 'n' },
            createdAt: new Date(0).toISOString(),
          };
          expect(fast(item)).toBe(zod(item));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the OpenAPI document generated from the zod schemas', async () => {
    const doc = (await readJson(await fetch(`${server.url}/api/docs/json`))) as any;
    const messages = doc.paths['/api/teams/{teamId}/messages'].get.responses['200'].content['application/json'].schema;
    expect(messages.type).toBe('array');
    expect(Object.keys(messages.items.properties)).toEqual(Object.keys(messageSchema.shape));
  });
});

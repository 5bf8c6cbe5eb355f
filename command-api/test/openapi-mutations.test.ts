import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Ajv, type ValidateFunction } from 'ajv';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Position } from '@sideline/infra';
import { INVITATIONS_PER_HOUR } from '../src/invitations/issue-invitation.ts';
import { readJson } from './http-client.ts';
import { validRequests, type OpenApiDocument, type OperationRequest } from './openapi-walk.ts';
import { startTestServer } from './test-server.ts';
import { seedWalkClub } from './walk-club.ts';

/**
 * Every documented operation that changes something, sent once with a valid request by someone
 * it lets through (the club's admin or coach, on the club's own rows; uploads as real multipart
 * forms with a picture), answers a status the document lists, with a body the document's schema
 * for that status accepts. Whatever the answer (a success, or a refusal of the state the walk
 * has left), it is checked against the document: an answer a route really gives but does not
 * document fails here. And every operation that appended a command's events documents the 409
 * a command can answer (a refusal of the current state, or a stream another process kept
 * writing to), while those the document says run no command appended none.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-mutations-'));
const server = await startTestServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { club, samples, actorFor, requestBase } = await seedWalkClub(server);

interface Operation30 {
  responses: Record<string, { content?: Record<string, { schema?: object }>; headers?: object }>;
}
const document = (await readJson(await fetch(`${server.url}/api/docs/json`))) as OpenApiDocument & {
  paths: Record<string, Record<string, Operation30>>;
  components: { schemas: Record<string, object> };
};
const operation = (method: string, route: string) => document.paths[route]![method.toLowerCase()]!;

const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
ajv.addFormat('date-time', { validate: (value: string) => !Number.isNaN(Date.parse(value)) && value.includes('T') });
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('binary', true);
ajv.addSchema({ $id: 'openapi.json', components: document.components });
function validatorOf(schema: object): ValidateFunction {
  const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as object;
  return ajv.compile(rooted);
}

/**
 * The order the walk sends them in: what creates before what removes, and last what ends the
 * sender's own sessions (signing out would leave the coach signed out for everything after).
 */
const LAST = ['DELETE /api/user/sessions', 'POST /api/user/password', 'POST /api/logout'];
const rank = (request: OperationRequest) => {
  const last = LAST.indexOf(`${request.method} ${request.route}`);
  if (last >= 0) return 10 + last;
  return request.method === 'DELETE' ? 1 : 0;
};
const mutations = validRequests(document, samples, requestBase)
  .filter((r) => r.method !== 'GET')
  .sort((a, b) => rank(a) - rank(b));

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#7a3d9a' } })
  .png()
  .toBuffer();

let sent = 0;
async function send(request: OperationRequest, cookie: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    origin: server.url,
    // Each request from an address of its own: the walk measures answers, not the per-address limits.
    'x-forwarded-for': `10.9.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`,
  };
  let body: FormData | string | undefined;
  if (request.multipart) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'walk.png');
    body = form;
  } else if (request.body !== undefined && request.method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(15_000),
  });
}

/** The commands' events appended since `from` (a process manager's follow-ups name a cause). */
async function commandsSince(from: Position): Promise<string[]> {
  const events = await server.eventStore.readAll({ fromPosition: from, limit: 1000 });
  return events.filter((e) => e.metadata.causationId === null).map((e) => e.type);
}

describe("the invitations' hourly limit", () => {
  it(
    'answers 429 with Retry-After, as documented, on every route that sends an invitation',
    { timeout: 120_000 },
    async () => {
      // Team B's coach: the walk below goes on as team A's.
      const teamPath = `/api/teams/${club.teamB.id}`;
      const issued = await club.coachB.post(`${teamPath}/invite`, {
        inviteType: 'coach',
        name: 'Lee Limit',
        email: 'lee.limit@example.com',
      });
      expect(issued.status).toBe(201);
      const { invitation } = (await readJson(issued)) as { invitation: { id: string } };
      const resend = () => club.coachB.post(`${teamPath}/invitations/${invitation.id}/resend`);
      let answer = await resend();
      for (let sentAgain = 1; answer.status === 200 && sentAgain <= INVITATIONS_PER_HOUR; sentAgain++) {
        answer = await resend();
      }
      const refusals = [
        ['POST', '/api/teams/{teamId}/invitations/{invitationId}/resend', answer],
        [
          'POST',
          '/api/teams/{teamId}/players',
          await club.coachB.post(`${teamPath}/players`, {
            name: 'Max Limit',
            parentName: 'Mia Limit',
            parentEmail: 'max.parent@example.com',
          }),
        ],
        [
          'POST',
          '/api/teams/{teamId}/invite',
          await club.coachB.post(`${teamPath}/invite`, { inviteType: 'coach', name: 'Kim', email: 'kim@example.com' }),
        ],
      ] as const;
      for (const [method, route, response] of refusals) {
        const text = await response.text();
        expect(response.status, `${method} ${route}: ${text}`).toBe(429);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        const documented = operation(method, route).responses['429'];
        expect(documented?.headers, `${method} ${route}`).toHaveProperty('Retry-After');
        const validate = validatorOf(documented!.content!['application/json']!.schema!);
        expect(validate(JSON.parse(text)) ? [] : validate.errors).toEqual([]);
      }
    },
  );
});

describe('a body a route does not take', () => {
  // Fastify reads the body of every state-changing request before the route runs.
  const message = `/api/teams/${club.teamA.id}/messages/${samples('messageId', {}, '')!}/pin`;
  const cases = [
    ['too large', 'application/json', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }), 413],
    ['of a type no parser reads', 'application/xml', '<pin/>', 415],
  ] as const;
  for (const [what, type, body, status] of cases) {
    for (const method of ['POST', 'DELETE'] as const) {
      it(`${method} ${what}: ${status}, as documented, on a route that takes no body`, async () => {
        const response = await fetch(`${server.url}${message}`, {
          method,
          headers: { cookie: club.coach.cookie, origin: server.url, 'content-type': type },
          body,
        });
        const text = await response.text();
        expect(response.status, text).toBe(status);
        const documented = operation(method, '/api/teams/{teamId}/messages/{messageId}/pin').responses;
        expect(Object.keys(documented)).toContain(String(status));
        const validate = validatorOf(documented[String(status)]!.content!['application/json']!.schema!);
        expect(validate(JSON.parse(text)) ? [] : validate.errors).toEqual([]);
      });
    }
  }
});

/** Sends `request` as `cookie`'s holder and checks the answer against the document. */
async function answersAsDocumented(request: OperationRequest, cookie: string | undefined) {
  const before = await server.eventStore.headPosition();
  const response = await send(request, cookie);
  const status = String(response.status);
  const text = await response.text();
  const documented = operation(request.method, request.route).responses;
  expect(Object.keys(documented), `${status}: ${text.slice(0, 500)}`).toContain(status);
  expect(response.status, text.slice(0, 500)).toBeLessThan(500);
  const json = documented[status]!.content?.['application/json']?.schema;
  if (json && response.headers.get('content-type')?.startsWith('application/json')) {
    const validate = validatorOf(json);
    expect(validate(JSON.parse(text)) ? [] : validate.errors, text.slice(0, 500)).toEqual([]);
  } else if (text.length > 0) {
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    expect(Object.keys(documented[status]!.content ?? {}), `${status} ${mediaType}`).toContain(mediaType);
  }
  // Events of a command are appended before the answer; a follow-up names its cause.
  await sleep(20);
  const appended = await commandsSince(before);
  if (appended.length > 0) {
    expect(Object.keys(documented), `appended ${appended.join(', ')} but documents no 409`).toContain('409');
  }
  return { status: response.status, appended };
}

/** Signing up or in is sent without a session: a browser signing in lets go of the one it had. */
const signsIn = (request: OperationRequest) => request.route === '/api/register' || request.route === '/api/login';

describe("every documented mutation answers a team's parent (no manager, no admin) as documented", () => {
  // Most are refused (403, 404): each refusal must be one the document lists. Sent first, so the
  // club's rows are all still there to be refused.
  for (const request of mutations) {
    it(`${request.method} ${request.route}`, { timeout: 30_000 }, async () => {
      await answersAsDocumented(request, signsIn(request) ? undefined : club.parent.cookie);
    });
  }
});

describe('every documented mutation answers as documented', () => {
  it('walks every operation that changes something', () => {
    expect(mutations.length).toBeGreaterThan(80);
    expect(mutations.filter((m) => m.multipart).map((m) => m.route)).toEqual([
      '/api/user/avatar',
      '/api/teams/{teamId}/media/upload',
    ]);
  });

  for (const request of mutations) {
    const name = `${request.method} ${request.route}`;
    it(name, { timeout: 30_000 }, async () => {
      walked.set(
        name,
        await answersAsDocumented(request, signsIn(request) ? undefined : actorFor(request.route).cookie),
      );
    });
  }

  it('reached the command of most of them (a refusal before it shows nothing)', () => {
    const reached = [...walked.values()].filter((w) => w.appended.length > 0).length;
    console.log([...walked].map(([name, w]) => `${w.status} ${w.appended.length ? 'cmd' : '-  '} ${name}`).join('\n'));
    expect(reached).toBeGreaterThan(35);
  });
});

const walked = new Map<string, { status: number; appended: string[] }>();

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { member } from './match-fixture.ts';
import { validRequests, type OpenApiDocument } from './openapi-walk.ts';
import { startTestServer } from './test-server.ts';
import { seedWalkClub } from './walk-club.ts';

/**
 * Every documented GET, sent by someone it lets in (the club's admin or coach, on the club's own
 * rows), answers a status the document lists, with a body its schema for that status accepts
 * (checked by Ajv, which reads OpenAPI 3.0's `nullable` strictly). And every operation the
 * document says needs a session or an API token answers 401 without one, while every one it
 * calls public lets a stranger through: the security the document states is the server's own.
 * A signed-in stranger to the club gets, from every GET, a status the document lists.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-responses-'));
// TRUST_PROXY: each request comes from an address of its own (limits count per address).
const server = await startTestServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { club, samples, actorFor, requestBase } = await seedWalkClub(server);
/** Signed in, in no team or organization: every GET of the club's rows is someone else's to them. */
const stranger = await member(server, 'parent', 'Stan Stranger');

interface Response30 {
  content?: Record<string, { schema?: object }>;
}
interface Operation30 {
  security: Array<Record<string, string[]>>;
  responses: Record<string, Response30>;
}
const document = (await readJson(await fetch(`${server.url}/api/docs/json`))) as OpenApiDocument & {
  paths: Record<string, Record<string, Operation30>>;
  components: { schemas: Record<string, object> };
};
const requests = validRequests(document, samples, requestBase);
const operation = (method: string, route: string) => document.paths[route]![method.toLowerCase()]!;

const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
ajv.addFormat('date-time', { validate: (value: string) => !Number.isNaN(Date.parse(value)) && value.includes('T') });
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('binary', true);
ajv.addSchema({ $id: 'openapi.json', components: document.components });
const validators = new Map<object, ValidateFunction>();
/** The schema with `#/components/...` read from the document (registered above as openapi.json). */
function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as object;
    validate = ajv.compile(rooted);
    validators.set(schema, validate);
  }
  return validate;
}

let sent = 0;
async function send(
  request: { method: string; url: string; body?: unknown },
  cookie: string | undefined,
): Promise<Response> {
  const sendsBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'DELETE';
  return fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: server.url,
      'x-forwarded-for': `10.8.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`,
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(sendsBody ? { body: JSON.stringify(request.body) } : {}),
    // A live stream that answered would otherwise never end.
    signal: AbortSignal.timeout(10_000),
  });
}

/**
 * GETs that answer no success on the seeded club: its livestream is scheduled, not live, so
 * there is nothing to play yet (a 404, which the document lists).
 */
const NOT_LIVE = new Set([
  '/api/livestreams/{livestreamId}/live.flv',
  '/api/livestreams/{livestreamId}/hls/index.m3u8',
  '/api/livestreams/{livestreamId}/hls/{segment}',
]);

describe('every documented GET answers as documented', () => {
  const gets = requests.filter((r) => r.method === 'GET');
  it('walks every GET of the document', () => {
    expect(gets.length).toBeGreaterThan(60);
  });
  for (const request of gets) {
    it(`GET ${request.route}`, async () => {
      const response = await send(request, actorFor(request.route).cookie);
      const status = String(response.status);
      const documented = operation('GET', request.route).responses;
      const text = await response.text();
      expect(Object.keys(documented), `${status}: ${text.slice(0, 500)}`).toContain(status);
      if (NOT_LIVE.has(request.route)) expect(status).toBe('404');
      else expect(response.status, text.slice(0, 500)).toBeLessThan(300);
      const content = documented[status]!.content ?? {};
      const type = response.headers.get('content-type') ?? '';
      const json = content['application/json']?.schema;
      if (json && type.startsWith('application/json')) {
        const validate = validatorOf(json);
        const valid = validate(JSON.parse(text));
        expect(valid ? [] : validate.errors, text.slice(0, 500)).toEqual([]);
      } else {
        // A file or a stream: the answer is of the type the document names.
        const types = Object.keys(content);
        expect(types.length, `${type} is not documented`).toBeGreaterThan(0);
        const mediaType = type.split(';')[0]!.trim();
        expect(
          types.some((t) => t === mediaType || t === 'application/octet-stream'),
          `${mediaType} among ${types.join(', ')}`,
        ).toBe(true);
      }
    });
  }
});

describe('every documented GET answers a stranger as documented', () => {
  for (const request of requests.filter((r) => r.method === 'GET')) {
    it(`GET ${request.route}`, async () => {
      const response = await send(request, stranger.cookie);
      const status = String(response.status);
      const text = await response.text();
      const documented = operation('GET', request.route).responses;
      expect(Object.keys(documented), `${status}: ${text.slice(0, 300)}`).toContain(status);
      const json = documented[status]!.content?.['application/json']?.schema;
      if (json && response.headers.get('content-type')?.startsWith('application/json')) {
        const validate = validatorOf(json);
        expect(validate(JSON.parse(text)) ? [] : validate.errors, text.slice(0, 300)).toEqual([]);
      }
    });
  }
});

describe("every documented GET answers a team's parent (no manager, no admin) as documented", () => {
  // A member whom manager-only and admin-only reads refuse: each refusal must be a documented one.
  for (const request of requests.filter((r) => r.method === 'GET')) {
    it(`GET ${request.route}`, async () => {
      const response = await send(request, club.parent.cookie);
      const status = String(response.status);
      const text = await response.text();
      const documented = operation('GET', request.route).responses;
      expect(Object.keys(documented), `${status}: ${text.slice(0, 300)}`).toContain(status);
      const json = documented[status]!.content?.['application/json']?.schema;
      if (json && response.headers.get('content-type')?.startsWith('application/json')) {
        const validate = validatorOf(json);
        expect(validate(JSON.parse(text)) ? [] : validate.errors, text.slice(0, 300)).toEqual([]);
      }
    });
  }
});

describe("every operation's security is the server's", () => {
  for (const request of requests) {
    const { security, responses } = operation(request.method, request.route);
    const needsCredentials =
      security.some((s) => 'sessionCookie' in s || 'apiToken' in s) &&
      !security.some((s) => Object.keys(s).length === 0);
    const name = `${request.method} ${request.route}`;
    if (needsCredentials) {
      it(`${name} answers 401 without a session`, async () => {
        const response = await send(request, undefined);
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).toBe(401);
        const validate = validatorOf(responses['401']!.content!['application/json']!.schema!);
        expect(validate(JSON.parse(text)) ? [] : validate.errors).toEqual([]);
      });
    } else if (!responses['401']) {
      it(`${name} lets a stranger through`, async () => {
        const response = await send(request, undefined);
        await response.body?.cancel();
        expect(response.status).not.toBe(401);
        expect(Object.keys(responses)).toContain(String(response.status));
      });
    }
  }
});

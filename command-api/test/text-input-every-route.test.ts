import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { stringFields, type OpenApiDocument } from './openapi-walk.ts';
import { startTestServer } from './test-server.ts';
import { seedWalkClub } from './walk-club.ts';

/**
 * Every string of every route in the OpenAPI document, sent a NUL and then a lone surrogate, by
 * someone the route lets through to validation (the club's admin or its coach, on the club's own
 * team, season, match and their rows). Each is a 400 naming that field, never a 500, so a route
 * added without the shared text type is caught without anyone listing it here.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-walk-'));
// TRUST_PROXY: the club's accounts register from addresses of their own (one address may only
// register a few accounts).
const server = await startTestServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { samples, actorFor, requestBase } = await seedWalkClub(server);

const document = (await readJson(await fetch(`${server.url}/api/docs/json`))) as OpenApiDocument;
const fields = stringFields(document, samples, requestBase);
const bad = { NUL: 'before\u0000after', 'a lone surrogate': 'half \ud83d of an emoji' } as const;

let requests = 0;
async function send(method: string, route: string, request: { url: string; body?: unknown }): Promise<Response> {
  const sendsBody = request.body !== undefined && method !== 'GET';
  return fetch(`${server.url}${request.url}`, {
    method,
    headers: {
      cookie: actorFor(route).cookie,
      origin: server.url,
      // Each request from an address of its own: sign-up and sign-in limits count per address.
      'x-forwarded-for': `10.9.${Math.floor(++requests / 250)}.${(requests % 250) + 1}`,
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(sendsBody ? { body: JSON.stringify(request.body) } : {}),
    // A stream (NDJSON replay, live video) that answered 200 would otherwise never end.
    signal: AbortSignal.timeout(10_000),
  });
}

describe('the walk', () => {
  it('finds the strings of every route that takes any', () => {
    const routes = new Set(fields.map((f) => `${f.method} ${f.route}`));
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
        // A multipart upload's fields are read by the route itself, not through the JSON walk.
        const json = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.[
          'application/json'
        ];
        const takesStrings = JSON.stringify([operation.parameters ?? [], json ?? {}]).includes('"string"');
        if (takesInput && takesStrings)
          expect(routes, `${method} ${route}`).toContain(`${method.toUpperCase()} ${route}`);
      }
    }
    expect(fields.map((f) => `${f.method} ${f.route} ${f.field}`)).toEqual(
      expect.arrayContaining([
        'PATCH /api/user name',
        'POST /api/ai/game-recap highlights.0',
        'GET /api/admin/people search',
      ]),
    );
  });
});

describe.each(Object.entries(bad))('%s in every string of every route', (what, value) => {
  for (const field of fields) {
    const name = `${field.method} ${field.route}: ${field.where} ${field.field}`;
    if (field.where !== 'body' && what !== 'NUL') {
      // A URL carries UTF-8 only: the bytes that would spell a lone surrogate decode to other
      // text (or to nothing), so all that can be asked of them is that they never break a route.
      it(`${name}: the bytes of a lone surrogate are not a server error`, async () => {
        const response = await send(field.method, field.route, field.request(value));
        // The body only when it explains a failure: a stream that answered would never end.
        if (response.status < 500) await response.body?.cancel();
        expect(response.status, response.status >= 500 ? await response.text() : '').toBeLessThan(500);
      });
      continue;
    }
    it(`${name} is a 400 on ${field.field}`, async () => {
      const response = await send(field.method, field.route, field.request(value));
      const text = await response.text();
      expect(response.status, text).toBe(400);
      const fieldErrors = (JSON.parse(text) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      // Free text says what is wrong with it; ids, dates and choices say what they expect. Never
      // zod's bare "Invalid input", which tells the person nothing.
      expect(fieldErrors[field.field], text).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(fieldErrors[field.field], text).not.toContain('Invalid input');
      // The rest of the request was valid: this string alone was refused.
      expect(Object.keys(fieldErrors), text).toEqual([field.field]);
    });
  }
});

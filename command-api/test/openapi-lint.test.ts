import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { startTestServer } from './test-server.ts';

/**
 * The OpenAPI document a real server serves, linted by Redocly's CLI (the `npx @redocly/cli lint`
 * anyone can run) with command-api/redocly.yaml: no errors or warnings, and the parts no route states itself
 * (security, operationIds, error answers, nullables) are there for every operation.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const server = await startTestServer();
const folder = mkdtempSync(path.join(tmpdir(), 'sideline-openapi-'));
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: unknown }>;
}
const document = (await readJson(await fetch(`${server.url}/api/docs/json`))) as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};
const operations = Object.entries(document.paths).flatMap(([route, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })),
);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

describe('the OpenAPI document', () => {
  it("passes Redocly's linter without errors or warnings", { timeout: 120_000 }, async () => {
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.resolve(here, '../../node_modules/@redocly/cli/bin/cli.js');
    const config = path.resolve(here, '../redocly.yaml');
    const lint = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '10000'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    const { problems } = JSON.parse(lint.stdout ?? '{}') as { problems?: Problem[] };
    expect(problems, lint.stderr).toBeDefined();
    expect(problems!.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names the session cookie, the API token and the calendar feed token as security schemes', () => {
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sideline_session' }),
      apiToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      calendarFeedToken: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'token' }),
    });
  });

  it('gives every operation a unique operationId and its security', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => o.operation.security === undefined).map((o) => o.name)).toEqual([]);
    const security = (name: string) => operations.find((o) => o.name === name)!.operation.security;
    expect(security('GET /api/teams/{teamId}/events')).toEqual([{ sessionCookie: [] }]);
    expect(security('POST /api/login')).toEqual([]);
    expect(security('GET /api/matches/{matchId}/box-score')).toEqual([{ apiToken: [] }, { sessionCookie: [] }]);
    expect(security('GET /api/teams/{teamId}/calendar.ics')).toEqual([{ calendarFeedToken: [] }]);
    expect(security('GET /api/livestreams/{livestreamId}/live.flv')).toEqual([{}, { sessionCookie: [] }]);
  });

  it('documents 401 with the error body on every operation that needs a session or an API token', () => {
    // The calendar feed answers a wrong token with a 404, as if the team did not exist.
    const needsCredentials = operations.filter(
      (o) =>
        o.operation.security!.some((s) => 'sessionCookie' in s || 'apiToken' in s) &&
        !o.operation.security!.some((s) => Object.keys(s).length === 0),
    );
    expect(needsCredentials.length).toBeGreaterThan(100);
    for (const { name, operation } of needsCredentials) {
      expect(operation.responses['401']?.content?.['application/json']?.schema, name).toBeDefined();
    }
    // State-changing requests: the origin check (403); bodies: too large (413).
    const post = operations.find((o) => o.name === 'POST /api/teams/{teamId}/messages')!.operation;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '413', '429']));
  });

  it("describes the uploads' multipart bodies: the file, and the media's text fields", () => {
    const body = (name: string) =>
      operations.find((o) => o.name === name)!.operation.requestBody as {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
      };
    for (const name of ['POST /api/user/avatar', 'POST /api/teams/{teamId}/media/upload']) {
      const form = body(name).content['multipart/form-data']?.schema;
      expect(form?.properties.file, name).toEqual({ type: 'string', format: 'binary' });
      expect(form?.required, name).toEqual(['file']);
    }
    expect(
      Object.keys(body('POST /api/teams/{teamId}/media/upload').content['multipart/form-data']!.schema.properties),
    ).toEqual(['file', 'type', 'title', 'description', 'players']);
  });

  it('documents 409 on every state-changing operation that runs a command, and 503 with Retry-After where a write may not be readable yet', () => {
    // The walk over every mutation (openapi-mutations.test.ts) checks these against the events appended.
    const statuses = (name: string) => Object.keys(operations.find((o) => o.name === name)!.operation.responses);
    for (const name of [
      'PUT /api/matches/{matchId}',
      'DELETE /api/matches/{matchId}/stats/{statId}',
      'POST /api/teams/{teamId}/messages',
      'POST /api/teams/{teamId}/media/upload',
      'DELETE /api/teams/{teamId}/media/{mediaId}',
    ]) {
      expect(statuses(name), name).toContain('409');
    }
    for (const name of ['POST /api/login', 'POST /api/logout', 'POST /api/tokens', 'DELETE /api/user/sessions']) {
      expect(statuses(name), name).not.toContain('409');
    }
    const playlist = operations.find((o) => o.name === 'GET /api/livestreams/{livestreamId}/hls/index.m3u8')!;
    expect(playlist.operation.responses['503']).toHaveProperty('headers.Retry-After');
  });

  it('lists null among the values of every nullable enum', () => {
    const offending: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { nullable?: boolean; enum?: unknown[]; type?: unknown };
      if (schema.nullable && schema.enum && !schema.enum.includes(null)) offending.push(at);
      if (schema.nullable && schema.type === undefined) offending.push(`${at} (nullable without a type)`);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document.paths, '#/paths');
    expect(offending).toEqual([]);
  });
});

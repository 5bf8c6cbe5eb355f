import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { clientFrameSchemas } from '@sideline/domain';
import { readJson } from './http-client.ts';
import { createClub } from './match-fixture.ts';
import { SocketClient, type Frame } from './socket-client.ts';
import { startTestServer } from './test-server.ts';

/**
 * GET /api/asyncapi.json describes the `/ws` socket: it is a valid AsyncAPI 3 document (by
 * @asyncapi/parser), it names every frame a client may send and every frame type the source can
 * send (found by reading the source, so a frame added without its schema fails here), and the
 * frames a real socket receives match their schemas.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = await startTestServer();
afterAll(() => server.close());

const response = await fetch(`${server.url}/api/asyncapi.json`);
const document = (await readJson(response)) as {
  asyncapi: string;
  channels: { socket: { address: string; messages: Record<string, unknown> } };
  operations: Record<string, { action: 'send' | 'receive'; messages: Array<{ $ref: string }> }>;
  components: { messages: Record<string, { payload: { $ref: string } }>; schemas: Record<string, object> };
};
const typesOf = (action: 'send' | 'receive') =>
  Object.values(document.operations)
    .filter((o) => o.action === action)
    .flatMap((o) => o.messages.map((m) => m.$ref.split('/').pop()!));

/** The files that build frames: the gateway, the projectors, the API (e.g. livestream viewers). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Every `type:` of a frame literal in the source: `toEnvelope({ type: … })` (what projectors and
 * the API publish to sockets) and the gateway's own frames, including `type: a ? 'x' : 'y'`.
 */
function frameTypesInSource(): Set<string> {
  const types = new Set<string>();
  const files = [
    ...sourceFiles(path.join(root, 'realtime/src')),
    ...sourceFiles(path.join(root, 'projections/src')),
    ...sourceFiles(path.join(root, 'command-api/src')),
  ];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const everyType = /realtime\/src/.test(file);
    const pattern = everyType ? /\btype:\s*([^,}\n]+)/g : /toEnvelope\(\s*\{\s*type:\s*([^,}\n]+)/g;
    for (const [, value] of source.matchAll(pattern)) {
      for (const [, literal] of value!.matchAll(/'([a-z_]+)'/g)) types.add(literal!);
    }
  }
  return types;
}

describe('GET /api/asyncapi.json', () => {
  it('is an AsyncAPI 3 document @asyncapi/parser accepts without errors', async () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(document.asyncapi).toBe('3.0.0');
    expect(document.channels.socket.address).toBe('/ws');
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(parsed?.operations().length).toBe(2);
  });

  it('lists every frame a client may send', () => {
    expect(typesOf('receive').sort()).toEqual(Object.keys(clientFrameSchemas).sort());
  });

  it('lists every frame type the source sends', () => {
    const sent = frameTypesInSource();
    // The scan finds frames (a sanity check that it reads the source at all).
    expect([...sent]).toEqual(expect.arrayContaining(['joined', 'new_message', 'events_changed', 'message_deleted']));
    const documented = new Set(typesOf('send'));
    expect([...sent].filter((type) => !documented.has(type))).toEqual([]);
  });

  it('describes the frames a real socket receives', async () => {
    const club = await createClub(server, 'Sockets');
    const socket = await SocketClient.open(server, club.coach);
    try {
      await socket.join([club.teamA.id]);
      const posted = await club.coach.post(`/api/teams/${club.teamA.id}/messages`, { text: 'Kit check at six' });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as { id: string };
      await socket.next('new_message');
      expect((await club.coach.delete(`/api/teams/${club.teamA.id}/messages/${message.id}`)).status).toBe(200);
      await socket.next('message_deleted');
      socket.send({ type: 'no_such_frame' });
      await socket.next('error');

      const ajv = new Ajv({ strict: false, allErrors: true });
      ajv.addSchema({ $id: 'asyncapi.json', components: document.components });
      const check = (frame: Frame) => {
        const validate = ajv.getSchema(`asyncapi.json#/components/schemas/${schemaName(frame.type)}`);
        expect(validate, frame.type).toBeDefined();
        expect(validate!(frame) ? [] : validate!.errors, JSON.stringify(frame)).toEqual([]);
      };
      const received = socket.frames.map((f) => f.type);
      expect(received).toEqual(expect.arrayContaining(['joined', 'new_message', 'message_deleted', 'error']));
      for (const frame of socket.frames) check(frame);
    } finally {
      socket.close();
    }
  });
});

const schemaName = (type: string) => document.components.messages[type]!.payload.$ref.split('/').pop()!;

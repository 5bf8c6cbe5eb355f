import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, inSpan, START, tracingEnabled } from '@sideline/infra';
import { readJson, signUp } from './http-client.ts';
import { SocketClient } from './socket-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  service: string;
}

/** OTLP/JSON ids are hex; a protobuf-style JSON encoder would send base64. */
const hex = (id: string | undefined) =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

function attributesOf(list: Array<{ key: string; value: Record<string, unknown> }> = []): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
}

/** A tiny OTLP/HTTP collector: keeps every span POSTed to /v1/traces as JSON. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      expect(request.headers['content-type']).toContain('application/json');
      const payload = JSON.parse(body) as { resourceSpans: any[] };
      for (const resource of payload.resourceSpans) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: hex(span.traceId),
              spanId: hex(span.spanId),
              parentSpanId: hex(span.parentSpanId),
              name: span.name,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((l: any) => ({ traceId: hex(l.traceId), spanId: hex(l.spanId) })),
              service,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('OpenTelemetry traces over OTLP', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: TestServer;
  const scheduleDelay = process.env.OTEL_BSP_SCHEDULE_DELAY;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The SDK's standard setting: spans leave every 100 ms instead of every 5 s.
    process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
    server = await startTestServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
  });

  afterAll(async () => {
    if (scheduleDelay === undefined) delete process.env.OTEL_BSP_SCHEDULE_DELAY;
    else process.env.OTEL_BSP_SCHEDULE_DELAY = scheduleDelay;
    await server?.close();
    await receiver?.close();
  });

  it('follows one chat message from its command through the append and the projection to the fan-out', async () => {
    const coach = await signUp(server.url, 'coach');
    const team = await readJson(await coach.post('/api/teams', { name: 'Swifts', sport: 'Soccer' }));
    const socket = await SocketClient.open(server, coach);
    try {
      expect(await socket.join([team.id])).toEqual([team.id]);
      socket.send({ type: 'send_message', teamId: team.id, content: 'Kick-off at 10', clientId: 'trace-0001' });
      const { message } = await socket.next('new_message');

      const spans = await vi.waitFor(
        () => {
          const command = receiver.spans.find((s) => s.name === 'command SendMessage');
          expect(command).toBeDefined();
          const trace = receiver.spans.filter((s) => s.traceId === command!.traceId);
          expect(trace.map((s) => s.name)).toContain('fan-out chat');
          return trace;
        },
        { timeout: 10_000, interval: 100 },
      );
      const named = (name: string) => spans.filter((s) => s.name === name);
      const [command] = named('command SendMessage');
      expect(command).toMatchObject({ service: 'sideline', parentSpanId: '' });
      expect(command!.attributes).toMatchObject({ 'sideline.command': 'SendMessage', 'sideline.stream': 'chat' });

      const [append] = named('event_store.append');
      expect(append!.parentSpanId).toBe(command!.spanId);

      // Each projector that applies the message continues the trace from the append.
      const projections = spans.filter((s) => s.name.startsWith('projection '));
      expect(projections.map((s) => s.name)).toContain('projection chat');
      for (const projection of projections) expect(projection.parentSpanId).toBe(append!.spanId);

      const [fanOut] = named('fan-out chat');
      expect(projections.map((s) => s.spanId)).toContain(fanOut!.parentSpanId);
      expect(fanOut!.attributes).toMatchObject({ 'sideline.projector': 'chat', 'sideline.messages': 1 });
      expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([command!.traceId]));

      // The stored event carries the append's context, which is how a projector in another
      // process continues the trace.
      const events = await server.eventStore.readAll({ fromPosition: START, limit: 1000 });
      const sent = events.find(
        (e) => e.type === 'MessageSent' && (e.data as { messageId?: string }).messageId === message.id,
      );
      expect(sent?.metadata.traceparent).toBe(`00-${append!.traceId}-${append!.spanId}-01`);
    } finally {
      socket.close();
    }
  });

  it('names the trace in the log lines written inside a span', async () => {
    expect(tracingEnabled()).toBe(true);
    const lines: string[] = [];
    const logger = createLogger({
      destination: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    await inSpan('logging', {}, async () => logger.info('inside a span'));
    logger.info('outside any span');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const span = await vi.waitFor(
      () => {
        const found = receiver.spans.find((s) => s.name === 'logging');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(inside).toMatchObject({ msg: 'inside a span', trace_id: span.traceId, span_id: span.spanId });
    expect(outside).not.toHaveProperty('trace_id');
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('traces nothing and leaves the events as they were', async () => {
    const server = await startTestServer();
    try {
      expect(tracingEnabled()).toBe(false);
      const coach = await signUp(server.url, 'coach');
      expect((await coach.post('/api/teams', { name: 'Plovers', sport: 'Soccer' })).status).toBe(201);
      const events = await server.eventStore.readAll({ fromPosition: START, limit: 100 });
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.metadata).not.toHaveProperty('traceparent');
    } finally {
      await server.close();
    }
  });
});

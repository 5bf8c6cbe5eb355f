import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sidelineModes,
  startServices,
  startSideline,
  type Services,
  type SidelineProcess,
} from './support/sideline-process.ts';

// Split mode as `npm start` runs it: an `api`, a `projector` and a `realtime` process on one
// PostgreSQL and one NATS, each with a metrics listener of its own and traces sent to one
// collector. One chat message crosses all three.
const runs = (await sidelineModes('split mode metrics and traces')).includes('services');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      last = error;
      return undefined;
    });
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting until ${what} (${String(last)})`);
    await sleep(100);
  }
}

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  instance: string;
  role: string;
}

/** An OTLP/HTTP collector that keeps the spans every process sends as JSON. */
async function startCollector(): Promise<{ url: string; spans: Span[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const attributes = (list: Array<{ key: string; value: Record<string, unknown> }> = []) =>
    Object.fromEntries(list.map(({ key, value }) => [key, String(Object.values(value)[0])]));
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      for (const resource of (JSON.parse(body) as { resourceSpans: any[] }).resourceSpans) {
        const own = attributes(resource.resource?.attributes);
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              instance: own['service.instance.id']!,
              role: own['sideline.role']!,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The metrics URL the process printed when it started. */
function metricsUrl(sideline: SidelineProcess): string {
  const match = /Metrics for Prometheus: (http:\/\/\S+)/.exec(sideline.output());
  if (!match) throw new Error(`no metrics URL in:\n${sideline.output()}`);
  return match[1]!;
}

async function scrape(sideline: SidelineProcess): Promise<string> {
  return (await fetch(metricsUrl(sideline))).text();
}

/** The value of the sample whose name and labels start with `prefix`, or undefined. */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.skipIf(!runs)('split mode: each process exposes its own metrics, and one trace crosses them', () => {
  let services: Services;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const processes: SidelineProcess[] = [];
  let api: SidelineProcess;
  let projector: SidelineProcess;
  let gateway: SidelineProcess;

  beforeAll(async () => {
    services = await startServices();
    collector = await startCollector();
    const start = async (role: string) => {
      const sideline = await startSideline({
        env: {
          ...services.env,
          SIDELINE_ROLE: role,
          METRICS_PORT: '0',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
      });
      processes.push(sideline);
      await until(async () => /Metrics for Prometheus/.test(sideline.output()), `${role} prints its metrics URL`);
      return sideline;
    };
    // The first process migrates the fresh database.
    projector = await start('projector');
    [api, gateway] = await Promise.all([start('api'), start('realtime')]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.destroy()));
    await services?.close();
    await collector?.close();
  });

  it('counts where the work happens, and every process is ready', async () => {
    const email = `coach-${randomUUID()}@example.com`;
    const registered = await fetch(`${api.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Casey Coach', role: 'coach' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await fetch(`${api.url}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url, cookie },
      body: JSON.stringify({ name: 'Harriers', sport: 'Soccer' }),
    });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string };

    const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`, {
      headers: { cookie },
      origin: gateway.url,
    });
    const frames: Array<{ type: string; [key: string]: any }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      socket.send(JSON.stringify({ type: 'join_teams', teamIds: [team.id] }));
      await until(async () => frames.some((f) => f.type === 'joined'), 'the socket joins its team');
      socket.send(
        JSON.stringify({ type: 'send_message', teamId: team.id, content: 'Warm-up at 9', clientId: 'split-0001' }),
      );
      const message = await until(
        async () => frames.find((f) => f.type === 'new_message')?.message as { id: string } | undefined,
        'the message comes back over the socket',
      );
      expect(message.id).toEqual(expect.any(String));

      // api: the HTTP requests and their commands; no socket, no projection of its own.
      const apiText = await scrape(api);
      expect(
        sample(
          apiText,
          'sideline_http_request_duration_seconds_count{method="POST",route="/api/teams",status_code="201"}',
        ),
      ).toBe(1);
      expect(sample(apiText, 'sideline_command_duration_seconds_count{command="CreateTeam",outcome="ok"}')).toBe(1);
      expect(sample(apiText, 'sideline_realtime_sockets')).toBe(0);
      expect(sample(apiText, 'sideline_projection_lag_seconds')).toBeUndefined();
      // realtime: the socket, its room, and the message's command (sent over the socket).
      const gatewayText = await scrape(gateway);
      expect(sample(gatewayText, 'sideline_realtime_sockets')).toBe(1);
      expect(sample(gatewayText, 'sideline_realtime_rooms')).toBe(1);
      expect(sample(gatewayText, 'sideline_command_duration_seconds_count{command="SendMessage",outcome="ok"}')).toBe(
        1,
      );
      // projector: the lag of every projection, and the notices it publishes on NATS.
      const projectorText = await until(async () => {
        const text = await scrape(projector);
        return sample(text, 'sideline_projection_lag_seconds{projector="chat"}') === 0 ? text : undefined;
      }, 'the projector reports the chat projection caught up');
      expect(sample(projectorText, 'sideline_projection_lag_events{projector="chat"}')).toBe(0);
      expect(sample(projectorText, 'sideline_bus_publishes_total{bus="nats"}')).toBeGreaterThan(0);
      expect(sample(projectorText, 'sideline_command_duration_seconds_count')).toBeUndefined();

      // Ready everywhere: the api and realtime processes judge the projections from the log.
      for (const sideline of processes) {
        const ready = await until(async () => {
          const response = await fetch(`${sideline.url}/api/health/ready`);
          return response.status === 200 ? response.json() : undefined;
        }, `${sideline.url} is ready`);
        expect(ready).toEqual({ status: 'ready' });
      }

      // One trace: the command and its append in the realtime process, the projection and the
      // fan-out in the projector, joined by the traceparent the event carried between them.
      const trace = await until(async () => {
        const command = collector.spans.find((s) => s.name === 'command SendMessage');
        if (!command) return undefined;
        const spans = collector.spans.filter((s) => s.traceId === command.traceId);
        return spans.some((s) => s.name === 'fan-out chat') ? spans : undefined;
      }, 'the collector has the whole trace of the message');
      const byName = (name: string) => trace.find((s) => s.name === name)!;
      expect(byName('command SendMessage').role).toBe('realtime');
      expect(byName('event_store.append')).toMatchObject({
        role: 'realtime',
        parentSpanId: byName('command SendMessage').spanId,
      });
      expect(byName('projection chat')).toMatchObject({
        role: 'projector',
        parentSpanId: byName('event_store.append').spanId,
      });
      expect(byName('fan-out chat')).toMatchObject({
        role: 'projector',
        parentSpanId: byName('projection chat').spanId,
      });
      expect(byName('projection chat').instance).not.toBe(byName('command SendMessage').instance);
    } finally {
      socket.close();
    }
  });
});

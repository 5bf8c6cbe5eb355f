import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '@sideline/infra/testing';
import { readJson, signUp } from './http-client.ts';
import { prometheusInstalled, startPrometheus, type Prometheus, type Sample } from './prometheus.ts';
import { SocketClient } from './socket-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const installed = prometheusInstalled();
if (!installed && !requireServices()) {
  console.warn('prometheus is not installed (apt-get install prometheus): skipping the scrape test of /metrics');
}

describe.runIf(installed || requireServices())('metrics scraped by a real Prometheus', () => {
  let server: TestServer;
  let prometheus: Prometheus;
  let socket: SocketClient | undefined;
  let teamId: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-metrics-'));

  beforeAll(async () => {
    if (!installed) throw new Error('prometheus is required (SIDELINE_REQUIRE_SERVICES=1) but not installed');
    server = await startTestServer({ env: { METRICS_PORT: '0', DATA_DIR: dataDir } });
    const metrics = server.server.metrics!;
    prometheus = await startPrometheus(`127.0.0.1:${metrics.port}`);

    // Real traffic: sign-ups, a team, reads, a chat message over the socket, an invitation email.
    const coach = await signUp(server.url, 'coach', 'Casey Coach');
    const team = await readJson(await coach.post('/api/teams', { name: 'Kestrels', sport: 'Soccer' }));
    teamId = team.id;
    for (let i = 0; i < 3; i++) expect((await coach.get(`/api/teams/${teamId}/messages`)).status).toBe(200);
    expect((await coach.get('/api/teams/00000000-0000-4000-8000-000000000000/messages')).status).toBe(404);
    socket = await SocketClient.open(server, coach);
    expect(await socket.join([teamId])).toEqual([teamId]);
    socket.send({ type: 'send_message', teamId, content: 'Bring water', mediaUrl: null, clientId: 'metrics-0001' });
    await socket.next('new_message');
    const invited = await coach.post(`/api/teams/${teamId}/players`, {
      name: 'Robin',
      parentEmail: 'robin.parent@example.com',
      parentName: 'Sam',
    });
    expect((await readJson(invited)).emailSent).toBe(true);
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await prometheus?.stop();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const one = (samples: Sample[]) => samples.length === 1;
  const positive = (samples: Sample[]) => samples.length > 0 && samples.every((s) => s.value > 0);

  it('is scraped from its own port, and the public port does not serve it', async () => {
    const [up] = await prometheus.queryUntil('up{job="sideline"}', (s) => one(s) && s[0]!.value === 1);
    expect(up!.value).toBe(1);
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('sideline_http_request_duration_seconds');
    const other = await fetch(server.server.metrics!.url.replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
  });

  it('has HTTP request durations by route pattern and status, never by raw URL', async () => {
    const reads = await prometheus.queryUntil(
      'sideline_http_request_duration_seconds_count{method="GET",route="/api/teams/:teamId/messages"}',
      (s) =>
        s.some((x) => x.metric.status_code === '200' && x.value >= 3) && s.some((x) => x.metric.status_code === '404'),
    );
    expect(reads.map((s) => s.metric.status_code).sort()).toEqual(['200', '404']);
    const buckets = await prometheus.query(
      'sideline_http_request_duration_seconds_bucket{route="/api/teams/:teamId/messages",status_code="200"}',
    );
    expect(buckets.map((s) => s.metric.le).sort()).toEqual(['+Inf', '0.005', '0.025', '0.1', '0.5', '2.5'].sort());
    const routes = (await prometheus.query('sideline_http_request_duration_seconds_count')).map((s) => s.metric.route!);
    expect(routes).toContain('/api/teams');
    for (const route of routes) expect(route).not.toContain(teamId);
  });

  it('has command latency, event store appends and their latency', async () => {
    await prometheus.queryUntil(
      'sideline_command_duration_seconds_count{command="SendMessage",outcome="ok"}',
      (s) => one(s) && s[0]!.value >= 1,
    );
    await prometheus.queryUntil('sideline_command_duration_seconds_count{command="CreateTeam"}', positive);
    const [appends] = await prometheus.queryUntil('sideline_event_store_appends_total{result="ok"}', positive);
    const [events] = await prometheus.queryUntil('sideline_event_store_appended_events_total', positive);
    expect(events!.value).toBeGreaterThanOrEqual(appends!.value);
    await prometheus.queryUntil('sideline_event_store_append_duration_seconds_count{result="ok"}', positive);
    expect(await prometheus.query('sideline_event_store_appends_total{result="conflict"}')).toEqual([
      expect.objectContaining({ value: 0 }),
    ]);
  });

  it('has the lag of every projector, in events and seconds', async () => {
    const seconds = await prometheus.queryUntil('sideline_projection_lag_seconds', (s) =>
      s.some((x) => x.metric.projector === 'chat'),
    );
    const events = await prometheus.query('sideline_projection_lag_events');
    expect(events.map((s) => s.metric.projector).sort()).toEqual(seconds.map((s) => s.metric.projector).sort());
    expect(seconds.map((s) => s.metric.projector)).toEqual(expect.arrayContaining(['chat', 'teams', 'users']));
    // Caught up: nothing waits for long.
    for (const sample of seconds) expect(sample.value).toBeLessThan(5);
  });

  it('has open sockets and rooms, bus publishes and redeliveries, and mails and pushes by result', async () => {
    await prometheus.queryUntil('sideline_realtime_sockets', (s) => one(s) && s[0]!.value === 1);
    await prometheus.queryUntil('sideline_realtime_rooms', (s) => one(s) && s[0]!.value === 1);
    await prometheus.queryUntil('sideline_bus_publishes_total{bus="in-process"}', positive);
    await prometheus.queryUntil('sideline_bus_reconnects_total', one);
    // No takeover here: the family is there, at 0 (projection-leadership.test.ts counts one).
    await prometheus.queryUntil('sideline_bus_redeliveries_total', (s) => one(s) && s[0]!.value === 0);
    await prometheus.queryUntil(
      'sideline_mails_total{transport="outbox",result="sent"}',
      (s) => one(s) && s[0]!.value === 1,
    );
    const pushes = await prometheus.queryUntil('sideline_pushes_total', (s) => s.length === 3);
    expect(pushes.map((s) => [s.metric.result, s.value]).sort()).toEqual([
      ['expired', 0],
      ['failed', 0],
      ['sent', 0],
    ]);
    // Node's own: memory, CPU, event loop.
    await prometheus.queryUntil('process_resident_memory_bytes', positive);
    await prometheus.queryUntil('nodejs_eventloop_lag_p99_seconds', one);
  });

  it('follows the sockets as they close', async () => {
    socket!.close();
    socket = undefined;
    await prometheus.queryUntil('sideline_realtime_sockets', (s) => one(s) && s[0]!.value === 0);
    await prometheus.queryUntil('sideline_realtime_rooms', (s) => one(s) && s[0]!.value === 0);
  });
});

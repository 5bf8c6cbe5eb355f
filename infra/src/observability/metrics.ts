import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Sideline metric of this process, served on METRICS_PORT (see `startMetricsServer`).
 * One registry per process: in split mode each process exposes its own, and Prometheus tells
 * them apart by their scrape target. Counting is always on (an increment costs nanoseconds);
 * the per-request HTTP histogram and Node's runtime metrics are only collected when the
 * metrics listener runs.
 */
export const metricsRegistry = new Registry();

/** Few buckets on purpose: each is a series per label set, and every request observes one. */
const latencyBuckets = [0.005, 0.025, 0.1, 0.5, 2.5];
const appendBuckets = [0.001, 0.005, 0.025, 0.1, 0.5];

export const httpRequestDuration = new Histogram({
  name: 'sideline_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export const commandDuration = new Histogram({
  name: 'sideline_command_duration_seconds',
  help: 'Commands from load to read-your-writes, by command type and outcome (ok, rejected, conflict, error)',
  labelNames: ['command', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export const eventStoreAppendDuration = new Histogram({
  name: 'sideline_event_store_append_duration_seconds',
  help: 'Appends to the event store, by result (ok, conflict, error)',
  labelNames: ['result'] as const,
  buckets: appendBuckets,
  registers: [metricsRegistry],
});

export const eventStoreAppends = new Counter({
  name: 'sideline_event_store_appends_total',
  help: 'Appends to the event store (one per command that changed something), by result',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const eventStoreAppendedEvents = new Counter({
  name: 'sideline_event_store_appended_events_total',
  help: 'Events written to the event store',
  registers: [metricsRegistry],
});

export const busPublishes = new Counter({
  name: 'sideline_bus_publishes_total',
  help: 'Messages published on the bus (NATS or in-process), by bus kind',
  labelNames: ['bus'] as const,
  registers: [metricsRegistry],
});

export const busReconnects = new Counter({
  name: 'sideline_bus_reconnects_total',
  help:
    'Times the NATS connection came back after an outage. NATS core keeps nothing, so nothing is ' +
    'redelivered: each reconnect makes the gateways tell every socket to refetch (resync)',
  registers: [metricsRegistry],
});

export const mailsSent = new Counter({
  name: 'sideline_mails_total',
  help: 'Emails handed to the mail server (or written to the outbox), by transport and result (sent, failed)',
  labelNames: ['transport', 'result'] as const,
  registers: [metricsRegistry],
});

/**
 * Web Push notifications, by result (`sent`, `failed`; `expired` for a subscription the push
 * service says is gone). The push sender increments it: `pushesSent.inc({ result: 'sent' })`.
 */
export const pushesSent = new Counter({
  name: 'sideline_pushes_total',
  help: 'Web Push notifications, by result (sent, failed, expired)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

// Series that exist from the start, so a rate() over them is 0 rather than absent.
for (const result of ['ok', 'conflict', 'error']) eventStoreAppends.inc({ result }, 0);
for (const result of ['sent', 'failed']) {
  pushesSent.inc({ result }, 0);
  for (const transport of ['smtp', 'outbox']) mailsSent.inc({ transport, result }, 0);
}

/** One projector's distance behind the event log, as its runner measures it. */
export interface ProjectionLag {
  projector: string;
  /** Events read from the log and not yet applied (or passed over). */
  events: number;
  /** How long the oldest of them has waited since it was read; 0 when there is none. */
  seconds: number;
}

/** What one realtime gateway holds open. */
export interface RealtimeCounts {
  connections: number;
  users: number;
  teams: number;
}

// Gauges read their sources at scrape time: nothing is done per event or per socket. A process
// normally has one source of each; tests may start several servers in one process.
const lagSources = new Set<() => ProjectionLag[]>();
const realtimeSources = new Set<() => RealtimeCounts>();

function lagGauge(name: string, help: string, pick: (lag: ProjectionLag) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['projector'],
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const source of lagSources) for (const lag of source()) this.set({ projector: lag.projector }, pick(lag));
    },
  });
}

lagGauge(
  'sideline_projection_lag_events',
  'Events read from the log that the projector has not applied yet (in the process leading the projections)',
  (lag) => lag.events,
);
lagGauge(
  'sideline_projection_lag_seconds',
  'How long the oldest event the projector has not applied has waited since it was read (leading process)',
  (lag) => lag.seconds,
);

function realtimeGauge(name: string, help: string, pick: (counts: RealtimeCounts) => number): void {
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let total = 0;
      for (const source of realtimeSources) total += pick(source());
      this.set(total);
    },
  });
}

realtimeGauge('sideline_realtime_sockets', 'Open /ws sockets on this process', (c) => c.connections);
realtimeGauge(
  'sideline_realtime_users',
  'Distinct signed-in users with an open /ws socket on this process',
  (c) => c.users,
);
realtimeGauge(
  'sideline_realtime_rooms',
  'Teams (rooms) with at least one joined socket on this process',
  (c) => c.teams,
);

/** Exposes a runner's lag as the projection gauges until the returned function is called. */
export function observeProjectionLag(source: () => ProjectionLag[]): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}

/** Exposes a gateway's counts as the realtime gauges until the returned function is called. */
export function observeRealtime(source: () => RealtimeCounts): () => void {
  realtimeSources.add(source);
  return () => realtimeSources.delete(source);
}

let runtimeMetrics = false;

/** Node's own metrics (CPU, memory, event loop delay, GC), once per process. */
export function collectRuntimeMetrics(): void {
  if (runtimeMetrics) return;
  runtimeMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

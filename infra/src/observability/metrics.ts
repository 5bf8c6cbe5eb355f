import type { Counter, Histogram, Registry } from 'prom-client';

/**
 * Sideline's Prometheus metrics, served on METRICS_PORT (see `startMetricsServer`). Each process
 * has its own: in split mode Prometheus tells them apart by their scrape target.
 *
 * prom-client is loaded only when the metrics listener starts (`enableMetrics`), like the
 * OpenTelemetry SDK: a server without METRICS_PORT neither loads it nor keeps its series. Until
 * then every metric below is a call that does nothing, so code counts unconditionally:
 *
 *     pushesSent.inc({ result: 'sent' });
 */

type LabelValues<L extends string> = Partial<Record<L, string | number>>;

export interface CounterMetric<L extends string = never> {
  inc(labels: LabelValues<L>, value?: number): void;
}
export interface PlainCounterMetric {
  inc(value?: number): void;
}
export interface HistogramMetric<L extends string> {
  /** `seconds`: prom-client's base unit. */
  observe(labels: LabelValues<L>, seconds: number): void;
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

interface Loaded {
  registry: Registry;
  counters: Map<string, Counter<string>>;
  histograms: Map<string, Histogram<string>>;
}

let loaded: Loaded | null = null;
let loading: Promise<Registry> | null = null;

/** Few buckets on purpose: each is a series per label set, and every request observes one. */
const latencyBuckets = [0.005, 0.025, 0.1, 0.5, 2.5];
const appendBuckets = [0.001, 0.005, 0.025, 0.1, 0.5];

interface CounterSpec {
  name: string;
  help: string;
  labelNames: readonly string[];
  /** Label sets that exist from the start, so a rate() over them is 0 rather than absent. */
  initial?: ReadonlyArray<Record<string, string>>;
}
interface HistogramSpec {
  name: string;
  help: string;
  labelNames: readonly string[];
  buckets: number[];
}

const counterSpecs: CounterSpec[] = [];
const histogramSpecs: HistogramSpec[] = [];

function counter<L extends string>(spec: CounterSpec & { labelNames: readonly L[] }): CounterMetric<L> {
  counterSpecs.push(spec);
  return {
    inc(labels, value = 1) {
      loaded?.counters.get(spec.name)!.inc(labels as Record<string, string | number>, value);
    },
  };
}

function plainCounter(spec: Omit<CounterSpec, 'labelNames'>): PlainCounterMetric {
  counterSpecs.push({ ...spec, labelNames: [] });
  return {
    inc(value = 1) {
      loaded?.counters.get(spec.name)!.inc(value);
    },
  };
}

function histogram<L extends string>(spec: HistogramSpec & { labelNames: readonly L[] }): HistogramMetric<L> {
  histogramSpecs.push(spec);
  return {
    observe(labels, seconds) {
      loaded?.histograms.get(spec.name)!.observe(labels as Record<string, string | number>, seconds);
    },
  };
}

export const httpRequestDuration = histogram({
  name: 'sideline_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'],
  buckets: latencyBuckets,
});

export const commandDuration = histogram({
  name: 'sideline_command_duration_seconds',
  help: 'Commands from load to read-your-writes, by command type and outcome (ok, rejected, conflict, error)',
  labelNames: ['command', 'outcome'],
  buckets: latencyBuckets,
});

export const eventStoreAppendDuration = histogram({
  name: 'sideline_event_store_append_duration_seconds',
  help: 'Appends to the event store, by result (ok, conflict, error)',
  labelNames: ['result'],
  buckets: appendBuckets,
});

export const eventStoreAppends = counter({
  name: 'sideline_event_store_appends_total',
  help: 'Appends to the event store (one per command that changed something), by result',
  labelNames: ['result'],
  initial: [{ result: 'ok' }, { result: 'conflict' }, { result: 'error' }],
});

export const eventStoreAppendedEvents = plainCounter({
  name: 'sideline_event_store_appended_events_total',
  help: 'Events written to the event store',
});

export const busPublishes = counter({
  name: 'sideline_bus_publishes_total',
  help: 'Messages published on the bus (NATS or in-process), by bus kind',
  labelNames: ['bus'],
});

export const busReconnects = plainCounter({
  name: 'sideline_bus_reconnects_total',
  help:
    'Times the NATS connection came back after an outage. NATS core keeps nothing, so nothing is ' +
    'redelivered: each reconnect makes the gateways tell every socket to refetch (resync)',
});

/**
 * Sideline's own redelivery: NATS core sends a message once, so a notice the old projection
 * leader committed and died before publishing would be lost; the new leader publishes those again.
 */
export const busRedeliveries = plainCounter({
  name: 'sideline_bus_redeliveries_total',
  help:
    'Realtime notices published on the bus again: after a takeover, the new projection leader ' +
    're-announces what the old one committed but may not have announced',
});

export const mailsSent = counter({
  name: 'sideline_mails_total',
  help: 'Emails handed to the mail server (or written to the outbox), by transport and result (sent, failed)',
  labelNames: ['transport', 'result'],
  initial: ['smtp', 'outbox'].flatMap((transport) => ['sent', 'failed'].map((result) => ({ transport, result }))),
});

/**
 * Web Push notifications, by result (`sent`, `failed`; `expired` for a subscription the push
 * service says is gone), counted by the push sender (command-api/src/push/push-sender.ts).
 * Registered when this module loads, so /metrics shows it at 0 before the first push.
 * @public
 */
export const pushesSent = counter({
  name: 'sideline_pushes_total',
  help: 'Web Push notifications, by result (sent, failed, expired)',
  labelNames: ['result'],
  initial: [{ result: 'sent' }, { result: 'failed' }, { result: 'expired' }],
});

// Gauges read their sources at scrape time: nothing is done per event or per socket. A process
// normally has one source of each; tests may start several servers in one process.
const lagSources = new Set<() => ProjectionLag[]>();
const realtimeSources = new Set<() => RealtimeCounts>();

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

/**
 * Loads prom-client and creates every metric in a registry of this process's own, with Node's
 * runtime metrics (CPU, memory, event loop delay, GC). Counting starts now; once per process.
 */
export function enableMetrics(): Promise<Registry> {
  loading ??= (async () => {
    const client = await import('prom-client');
    const registry = new client.Registry();
    const counters = new Map<string, Counter<string>>();
    const histograms = new Map<string, Histogram<string>>();
    for (const { initial, ...spec } of counterSpecs) {
      const metric = new client.Counter({ ...spec, labelNames: [...spec.labelNames], registers: [registry] });
      for (const labels of initial ?? []) metric.inc(labels, 0);
      counters.set(spec.name, metric);
    }
    for (const spec of histogramSpecs) {
      histograms.set(
        spec.name,
        new client.Histogram({ ...spec, labelNames: [...spec.labelNames], registers: [registry] }),
      );
    }
    const lagGauge = (name: string, help: string, pick: (lag: ProjectionLag) => number) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['projector'],
        registers: [registry],
        collect() {
          this.reset();
          for (const source of lagSources)
            for (const lag of source()) this.set({ projector: lag.projector }, pick(lag));
        },
      });
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
    const realtimeGauge = (name: string, help: string, pick: (counts: RealtimeCounts) => number) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          let total = 0;
          for (const source of realtimeSources) total += pick(source());
          this.set(total);
        },
      });
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
    client.collectDefaultMetrics({ register: registry });
    loaded = { registry, counters, histograms };
    return registry;
  })();
  return loading;
}

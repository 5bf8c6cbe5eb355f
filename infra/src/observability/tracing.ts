import type * as OtelApi from '@opentelemetry/api';
import type { Attributes, Context, Link, Span, Tracer } from '@opentelemetry/api';

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK and its OTLP
 * exporter are imported only by `startTracing`, so a server without the variable never loads
 * them (no startup time, no memory), and every function here is a no-op while it is off.
 *
 * A command's trace follows its events: the command span, the append (whose context each
 * appended event carries as `metadata.traceparent`, W3C Trace Context), the projection that
 * applies them, perhaps in another process, and the publish of the realtime frames they cause.
 */
interface Otel {
  api: typeof OtelApi;
  tracer: Tracer;
  provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> };
}

let otel: Otel | null = null;

/** How long a stop waits for the last spans to reach the collector. */
const SHUTDOWN_GRACE_MS = 2_000;

export interface Tracing {
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and turns tracing off for this process. */
  close(): Promise<void>;
}

export interface TracingOptions {
  /** The OTLP/HTTP base URL; spans go to `{endpoint}/v1/traces`, as JSON. */
  endpoint: string;
  serviceName: string;
  /** Resource attributes of this process (its role, its `host:pid`). */
  attributes?: Record<string, string>;
  /** Where the SDK's own warnings go (a collector that cannot be reached, spans dropped). */
  log?: { warn(fields: object, message: string): void };
}

export function tracingEnabled(): boolean {
  return otel !== null;
}

/** Loads the SDK and exports spans over OTLP/HTTP until `close`. One tracer per process. */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (otel) throw new Error('Tracing is already started in this process');
  const [api, { BatchSpanProcessor, NodeTracerProvider }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName, ...options.attributes }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  // The global provider, W3C trace-context propagation and AsyncLocalStorage context.
  provider.register();
  const { log } = options;
  if (log) {
    // Without a logger the SDK says nothing, and an unreachable collector would go unnoticed.
    const warn = (message: string, ...args: unknown[]) => log.warn({ details: args }, `OpenTelemetry: ${message}`);
    api.diag.setLogger(
      { error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} },
      { logLevel: api.DiagLogLevel.WARN, suppressOverrideMessage: true },
    );
  }
  const current: Otel = { api, tracer: api.trace.getTracer('sideline'), provider };
  otel = current;
  return {
    flush: () => provider.forceFlush(),
    async close() {
      if (otel !== current) return;
      otel = null;
      // The last spans get a moment to leave; an unreachable collector must not hold up a stop.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        provider.shutdown().catch(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
      ]);
      clearTimeout(timer);
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
      api.diag.disable();
    },
  };
}

export interface SpanOptions {
  attributes?: Attributes;
  /** The parent as a W3C `traceparent` (from an event's metadata); else the active span. */
  parent?: string;
  /** When the work began (epoch ms), for a span recorded once the work is done. */
  startTime?: number;
  /** Other traces the work belongs to as well (a batch of several commands' events). */
  links?: readonly string[];
}

/** A span in progress. */
export interface SpanHandle {
  /** This span as a W3C `traceparent`, for a child in another place or process. */
  readonly traceparent: string;
  /** Runs `fn` with this span active: spans and log lines inside it are its children. */
  run<T>(fn: () => T): T;
  end(error?: unknown): void;
}

/** Starts a span; null while tracing is off (callers skip their tracing work then). */
export function startSpan(name: string, options: SpanOptions = {}): SpanHandle | null {
  if (!otel) return null;
  const { api, tracer } = otel;
  const parentContext = options.parent === undefined ? api.context.active() : extract(otel, options.parent);
  const links = (options.links ?? []).flatMap((traceparent): Link[] => {
    const context = api.trace.getSpanContext(extract(otel!, traceparent));
    return context ? [{ context }] : [];
  });
  const span = tracer.startSpan(
    name,
    {
      ...(options.attributes ? { attributes: options.attributes } : {}),
      ...(options.startTime !== undefined ? { startTime: options.startTime } : {}),
      ...(links.length > 0 ? { links } : {}),
    },
    parentContext,
  );
  return handle(otel, span, api.trace.setSpan(parentContext, span));
}

/** Runs `fn` in a new span (child of the active one); just runs it while tracing is off. */
export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const span = startSpan(name, { attributes });
  if (!span) return fn();
  try {
    const result = await span.run(fn);
    span.end();
    return result;
  } catch (error) {
    span.end(error);
    throw error;
  }
}

/**
 * The active span's ids for a log line (pino's mixin): `{ trace_id, span_id }`, or nothing. A new
 * object each time: pino merges the line's fields into it.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!otel) return {};
  const span = otel.api.trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

function handle(current: Otel, span: Span, context: Context): SpanHandle {
  return {
    traceparent: toTraceparent(span),
    run: (fn) => current.api.context.with(context, fn),
    end(error) {
      if (error !== undefined) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({
          code: current.api.SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      span.end();
    },
  };
}

function extract(current: Otel, traceparent: string): Context {
  return current.api.propagation.extract(current.api.ROOT_CONTEXT, { traceparent });
}

function toTraceparent(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

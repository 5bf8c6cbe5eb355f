import { pino, type Logger } from 'pino';
import { traceLogFields } from './observability/tracing.ts';

export type { Logger };

export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name ?? 'sideline',
    level: options.level ?? 'info',
    // Never log secrets that might ride along on requests.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'streamKey', '*.streamKey'],
    // While tracing is on, a line logged inside a span names its trace (`trace_id`, `span_id`).
    mixin: traceLogFields,
  });
}

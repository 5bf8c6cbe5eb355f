import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { traceLogFields } from './observability/tracing.ts';

export type { Logger };

export function createLogger(
  options: {
    level?: string;
    name?: string;
    /** Where lines go: standard output unless given (tests read them). */
    destination?: DestinationStream;
  } = {},
): Logger {
  const settings: LoggerOptions = {
    name: options.name ?? 'sideline',
    level: options.level ?? 'info',
    // Never log secrets that might ride along on requests.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'streamKey', '*.streamKey'],
    // While tracing is on, a line logged inside a span names its trace (`trace_id`, `span_id`).
    mixin: traceLogFields,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name ?? 'sideline',
    level: options.level ?? 'info',
    // Never log secrets that might ride along on requests.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'streamKey', '*.streamKey'],
  });
}

import { z } from 'zod';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must be a URL starting with ${protocols.join(' or ')} (e.g. ${example})`,
    });

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'postgres://postgres@127.0.0.1:5432/sideline'),
    NATS_URL: optionalUrl(['nats://', 'tls://', 'ws://', 'wss://'], 'nats://127.0.0.1:4222'),
    EVENTSTORE_URL: optionalUrl(
      ['kurrentdb://', 'kurrentdb+discover://', 'esdb://', 'esdb+discover://'],
      'kurrentdb://127.0.0.1:2113?tls=false',
    ),
    SIDELINE_ROLE: z.enum(['all', 'api', 'projector', 'realtime']).default('all'),
    /** The origin browsers use to reach Sideline (behind a proxy); defaults to the Host header. */
    PUBLIC_ORIGIN: optionalUrl(['http://', 'https://'], 'https://sideline.example.org'),
    SEED_DEMO: flag(true),
    /** Embedded mode: PGlite in a worker thread of its own (`worker`) or on the main thread. */
    PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    TRUST_PROXY: flag(false),
    /**
     * Key that signs the device cookies of browsers that signed in before (they skip the waits
     * that guessing puts on an account). Unset: a random key made once and kept in the database,
     * which every process sharing that database uses.
     */
    DEVICE_COOKIE_SECRET: z
      .string()
      .transform((v) => (v.trim() === '' ? undefined : v))
      .optional()
      .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
    /** Open /ws sockets one account may hold on one gateway process; more are closed with 1008. */
    WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
    /** Open /ws sockets one client IP may hold on one gateway process (behind a proxy: TRUST_PROXY). */
    WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
    /** How often each open socket re-checks that its session still exists and has not expired. */
    WS_SESSION_CHECK_SECONDS: z.coerce.number().min(0.05).max(3_600).default(60),
    /** Mail server for invitations; without it messages are written to DATA_DIR/outbox. */
    SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'smtp://user:password@mail.example.org:587'),
    MAIL_FROM: z.string().trim().min(3).default('Sideline <no-reply@sideline.invalid>'),
    /** RTMP ingest for livestreams (node-media-server), started with the API. */
    RTMP_ENABLED: flag(true),
    RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
    /** Address the RTMP ingest listens on (default: HOST). OBS on another machine needs 0.0.0.0. */
    RTMP_HOST: z.string().trim().min(1).optional(),
    /** The RTMP URL shown to coaches (default: rtmp://{the request's host name}:{RTMP_PORT}/live). */
    RTMP_PUBLIC_URL: optionalUrl(['rtmp://', 'rtmps://'], 'rtmp://live.example.org:1935/live'),
    /** How long a dropped publisher may take to come back before its stream ends. */
    LIVESTREAM_GRACE_SECONDS: z.coerce.number().min(0.5).max(600).default(20),
    /**
     * Port of a listener of its own serving Prometheus metrics at /metrics (on HOST), never on the
     * public port. Unset: no metrics listener. 0 picks a free port (tests).
     */
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    /** OTLP/HTTP collector for OpenTelemetry traces (spans go to {url}/v1/traces). Unset: no tracing. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http://', 'https://'], 'http://otel-collector:4318'),
    /**
     * GET /api/health/ready answers 503 while a projection lags further behind the event log than
     * this (its oldest unapplied event has waited longer).
     */
    READY_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3_600).default(5),
    /**
     * The VAPID key pair pushes are signed with (base64url, as `web-push generate-vapid-keys`
     * prints them). Unset: a pair made on first start and kept in the database, shared by every
     * process on it.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    /** Who push services may contact about this server's pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .optional()
      .refine((v) => v === undefined || v.startsWith('mailto:') || v.startsWith('https://'), {
        message: 'must be a mailto: or https: URL (e.g. mailto:admin@example.org)',
      }),
    /**
     * Origins (comma-separated) accepted as push endpoints besides the known push services, e.g.
     * a local push service in tests (`http://127.0.0.1:3944`).
     */
    PUSH_ENDPOINT_ALLOWLIST: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const item of (v ?? '').split(',').map((s) => s.trim())) {
          if (item === '') continue;
          if (!URL.canParse(item) || !['http:', 'https:'].includes(new URL(item).protocol)) {
            ctx.addIssue({ code: 'custom', message: `has ${item}, which is not an http(s) origin` });
            continue;
          }
          origins.push(new URL(item).origin);
        }
        return origins;
      }),
  })
  .superRefine((c, ctx) => {
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    if (c.SIDELINE_ROLE !== 'all' && !c.NATS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['NATS_URL'],
        message: `is required when SIDELINE_ROLE=${c.SIDELINE_ROLE} (split mode)`,
      });
    }
    if (c.SIDELINE_ROLE !== 'all' && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: `is required when SIDELINE_ROLE=${c.SIDELINE_ROLE} (split mode)`,
      });
    }
    if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'must be set together with its other half (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
      });
    }
    if (c.EVENTSTORE_URL && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required with EVENTSTORE_URL (read models live in PostgreSQL)',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates configuration from environment variables; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'config'} ${i.message}`));
  }
  return result.data;
}

export type RunMode = 'embedded' | 'services' | 'eventstoredb';

export function runMode(config: Config): RunMode {
  if (config.EVENTSTORE_URL) return 'eventstoredb';
  if (config.DATABASE_URL) return 'services';
  return 'embedded';
}

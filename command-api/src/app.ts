import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Bus, Config, Database, EventStore, Logger } from '@sideline/infra';
import { createMailer, runMode } from '@sideline/infra';
import path from 'node:path';
import {
  findUserById,
  pushSubscriptionsOfUser,
  teamIdsOfUser,
  type ProjectionProgress,
  type ProjectorStatus,
} from '@sideline/projections';
import { realtimePlugin } from '@sideline/realtime';
import { healthRoutes } from './health/health-routes.ts';
import { probeRoutes } from './health/probe-routes.ts';
import type { Readiness } from './health/readiness.ts';
import { registerRequestMetrics } from './http/request-metrics.ts';
import { isSameOrigin, registerOriginCheck, shownHost } from './http/origin-check.ts';
import { createRateLimiter } from './http/rate-limiter.ts';
import { registerUnreadBodyClose } from './http/unread-body.ts';
import { ReadCache, registerReadCache } from './http/read-cache.ts';
import { registerAsyncApi } from './http/asyncapi.ts';
import { completeContract } from './http/openapi-contract.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { announceSessionRevoked, followSessionRevocations } from './identity/session-revocations.ts';
import { identityRoutes } from './identity/identity-routes.ts';
import { createDeviceCookies, deviceCookieSecret } from './identity/device-cookies.ts';
import { createPasswordHasher, type PasswordHasher } from './identity/passwords.ts';
import { registerSessionAuth, registerSignedInHint, sessionCookie } from './identity/session-auth.ts';
import { createSessionStore, sessionIdOf, type SessionStore } from './identity/sessions.ts';
import { settingsRoutes } from './identity/settings-routes.ts';
import { createSignInThrottle } from './identity/sign-in-throttle.ts';
import { createCommandHandler, type CommandHandler } from './shared/command-handler.ts';
import { registerErrorHandling } from './shared/http-errors.ts';
import { inlineScriptSources } from './spa/inline-scripts.ts';
import { registerCompression, registerSpa } from './spa/spa.ts';
import { chatRoutes, socketMessageSender } from './chat/index.ts';
import { calendarRoutes } from './calendar/index.ts';
import { mediaRoutes } from './media/index.ts';
import { answerCutOffUploads } from './media/cut-off-uploads.ts';
import { recapRoutes } from './recap/index.ts';
import { rewardsRoutes } from './rewards/index.ts';
import type { FeatureContext } from './shared/feature-context.ts';
import { teamEditRoutes, teamsRoutes } from './teams/index.ts';
import { orgsRoutes } from './orgs/index.ts';
import { seasonsRoutes } from './seasons/index.ts';
import { rosterRoutes } from './invitations/index.ts';
import { sportsRoutes } from './sports/index.ts';
import { matchesRoutes } from './matches/index.ts';
import { tokensRoutes } from './tokens/index.ts';
import { livestreamsRoutes } from './livestreams/index.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { consentRoutes, playerExportRoutes } from './consent/index.ts';
import { createPushDelivery, createPushSender, endpointPolicy, pushRoutes, vapidDetails } from './push/index.ts';
import { startNoticeSender } from './push/notice-sender.ts';
import { remindRoutes } from './push/remind-routes.ts';
import { noticeProofRoutes } from './push/notice-proof-routes.ts';
import { unsubscribeRoutes } from './push/unsubscribe-routes.ts';
import { unsubscribeTokens } from './push/unsubscribe-tokens.ts';
import { takeEndpointsOfOtherSessions, takeEndpointsOfSession } from './push/push-sessions.ts';
import { startReminderScheduler } from './push/reminder-scheduler.ts';
import { createChatRoomPresence, startChatDigests } from './push/chat-push.ts';
import { pushDecider, userStream } from '@sideline/domain';

export interface AppDependencies {
  config: Config;
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  progress: ProjectionProgress;
  logger: Logger;
  /** Tests pass a cheaper scrypt cost; production uses the design's N=2^17. */
  passwords?: PasswordHasher;
  /** Folder of the built SPA (web/dist); null serves the API only. */
  webDist?: string | null;
  projectorStatus?: () => ProjectorStatus[];
  /** This process's name (`host:pid`) and who leads the projections, for /api/health. */
  processId?: string;
  projectionLeader?: () => Promise<string | null>;
  /** The clock invitations expire and sign-in waits run by; tests move it. */
  clock?: () => Date;
  /** Answers GET /api/health/ready (and live); without it neither route exists. */
  readiness?: Readiness;
  /** This process sends the queued notices and records the reminders due (it runs the projectors). */
  sendsNotices?: boolean;
  /** How often due reminders are looked for (default 30 s); tests shorten it. */
  reminderIntervalMs?: number;
  /** How often held chat messages are looked at for their summary (default 5 s). */
  chatDigestPollMs?: number;
}

export interface SidelineApp {
  app: FastifyInstance;
  handle: CommandHandler;
  sessions: SessionStore;
}

/** The HTTP API: every route, hook and plugin, wired to the given infrastructure. */
export async function buildApp(deps: AppDependencies): Promise<SidelineApp> {
  const { config, database, logger } = deps;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // While closing, a request on a connection already open is still answered, not met with a
    // bare 503: GET /api/health/ready then says why it is not ready (shutting down).
    return503OnClosing: false,
    // One line per request only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerUnreadBodyClose(app);
  answerCutOffUploads(app.server);
  if (config.METRICS_PORT !== undefined) registerRequestMetrics(app);

  const spaScripts = inlineScriptSources(deps.webDist);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        ...(spaScripts.length > 0 ? { 'script-src': ["'self'", ...spaScripts] } : {}),
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
    // Same-origin media must stay loadable by the SPA's <img>/<video>.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await registerCompression(app);
  await app.register(fastifyCookie);
  const cookie = sessionCookie(config.PUBLIC_ORIGIN, config.SESSION_TTL_DAYS);
  const socketOrigin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
  // Links in emails: PUBLIC_ORIGIN, else the address the server prints on start (its real port).
  const listeningOrigin = () => {
    if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return `http://${shownHost(config.HOST)}:${port}`;
  };
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sideline API', version: '0.1.0', description: 'Team and youth-sports coordination' },
    },
    transform: jsonSchemaTransform,
    transformObject: (built) =>
      completeContract('openapiObject' in built ? built.openapiObject : built.swaggerObject, {
        sessionCookieName: cookie.name,
        // Without a public origin, relative: the server the document was fetched from.
        serverUrl: config.PUBLIC_ORIGIN ?? '/',
      }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  registerAsyncApi(app, { publicOrigin: socketOrigin, sessionCookieName: cookie.name });

  const sessions = createSessionStore(database.db, {
    ttlDays: config.SESSION_TTL_DAYS,
    // Every gateway closes the revoked session's sockets and every process forgets the session;
    // a lost notice is caught by their timers.
    onRevoked: (userId, sessionId) =>
      announceSessionRevoked(deps.bus, userId, sessionId).catch((err: unknown) => {
        logger.warn({ err, userId }, 'could not publish a session revocation; sockets close at their next check');
      }),
  });
  registerSessionAuth(app, sessions, cookie);
  registerSignedInHint(app, cookie);
  const stopFollowingRevocations = followSessionRevocations(deps.bus, sessions);
  app.addHook('onClose', async () => stopFollowingRevocations());
  const reads = new ReadCache(deps.progress.versions);
  registerReadCache(app, reads);
  registerOriginCheck(app, config.PUBLIC_ORIGIN);

  const handle = createCommandHandler({ eventStore: deps.eventStore, progress: deps.progress, logger });
  const limiter = createRateLimiter(database.db);
  const ctx: FeatureContext = {
    config,
    database,
    db: database.db,
    eventStore: deps.eventStore,
    handle,
    bus: deps.bus,
    limiter,
    logger,
    dataDir: path.resolve(config.DATA_DIR),
    reads,
    progress: deps.progress,
  };
  const vapid = await vapidDetails(database.db, config);
  // Sending refuses a name it cannot resolve; subscribing accepts a known service's (each send checks again).
  const checkEndpoint = endpointPolicy({ allowlist: config.PUSH_ENDPOINT_ALLOWLIST, unresolvable: 'accept' });
  const checkBeforeSend = endpointPolicy({ allowlist: config.PUSH_ENDPOINT_ALLOWLIST });
  const pushDelivery = createPushDelivery({
    db: database.db,
    handle,
    send: createPushSender({ vapid, checkEndpoint: checkBeforeSend }),
    logger: logger.child({ component: 'push' }),
  });
  // A browser signed out stops getting notifications: its subscriptions are removed.
  const forgetSignedOut = async (userId: string, endpoints: Iterable<string>) => {
    for (const endpoint of new Set(endpoints)) {
      await handle(
        pushDecider,
        userStream(userId),
        { type: 'RemovePushSubscription', data: { userId, endpoint, reason: 'signed_out' } },
        { actorId: userId },
      );
    }
  };
  await app.register(identityRoutes, {
    onSignOut: async (userId, { pushEndpoint, sessionId }) => {
      const endpoints = sessionId ? await takeEndpointsOfSession(database.db, userId, sessionId) : [];
      await forgetSignedOut(userId, pushEndpoint ? [...endpoints, pushEndpoint] : endpoints);
    },
    db: database.db,
    handle,
    sessions,
    cookie,
    passwords: deps.passwords ?? createPasswordHasher(),
    limiter,
    throttle: createSignInThrottle(database.db, deps.clock ?? (() => new Date())),
    devices: createDeviceCookies({
      secret: await deviceCookieSecret(database.db, config.DEVICE_COOKIE_SECRET),
      secure: cookie.secure,
    }),
  });
  await app.register(settingsRoutes, {
    ...ctx,
    sessions,
    cookie,
    passwords: deps.passwords ?? createPasswordHasher(),
    // Sign out everywhere: every device; a password change: the devices of the other sessions.
    onSessionsEnded: async (userId, keptSessionId) => {
      const endpoints = await takeEndpointsOfOtherSessions(database.db, userId, keptSessionId);
      const all = keptSessionId ? [] : (await pushSubscriptionsOfUser(database.db, userId)).map((s) => s.endpoint);
      await forgetSignedOut(userId, [...endpoints, ...all]);
    },
  });
  await app.register(teamsRoutes, ctx);
  await app.register(chatRoutes, ctx);
  await app.register(mediaRoutes, ctx);
  await app.register(calendarRoutes, ctx);
  await app.register(rewardsRoutes, ctx);
  await app.register(recapRoutes, ctx);
  await app.register(orgsRoutes, ctx);
  await app.register(seasonsRoutes, ctx);
  await app.register(teamEditRoutes, ctx);
  await app.register(rosterRoutes, { ...ctx, ...(deps.clock ? { clock: deps.clock } : {}) });
  await app.register(sportsRoutes, ctx);
  await app.register(matchesRoutes, ctx);
  await app.register(tokensRoutes, ctx);
  await app.register(livestreamsRoutes, ctx);
  await app.register(adminRoutes, ctx);
  await app.register(consentRoutes, { ...ctx, ...(deps.clock ? { clock: deps.clock } : {}) });
  await app.register(playerExportRoutes, ctx);
  await app.register(pushRoutes, { ...ctx, vapid, checkEndpoint, delivery: pushDelivery });
  const tokens = await unsubscribeTokens(database.db);
  // Notice emails (the sender's and a manager's reminder): SMTP_URL, else DATA_DIR/outbox.
  const noticeMailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(ctx.dataDir, 'outbox'),
    logger: logger.child({ component: 'notice-mail' }),
  });
  const noticeEmail = { mailer: noticeMailer, tokens, publicOrigin: listeningOrigin };
  await app.register(remindRoutes, { ...ctx, delivery: pushDelivery, email: noticeEmail });
  await app.register(unsubscribeRoutes, { ...ctx, tokens });
  await app.register(noticeProofRoutes, ctx);
  let sender: { stop(): Promise<void> } | null = null;
  app.addHook('onClose', async () => {
    await sender?.stop();
    noticeMailer.close();
  });
  if (deps.sendsNotices) {
    sender = startNoticeSender({
      email: noticeEmail,
      db: database.db,
      delivery: pushDelivery,
      logger: logger.child({ component: 'notices' }),
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    const reminders = startReminderScheduler({
      db: database.db,
      handle,
      logger: logger.child({ component: 'reminders' }),
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.reminderIntervalMs !== undefined ? { intervalMs: deps.reminderIntervalMs } : {}),
    });
    app.addHook('onClose', () => reminders.stop());
    const digests = startChatDigests({
      db: database.db,
      logger: logger.child({ component: 'chat-push' }),
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.chatDigestPollMs !== undefined ? { pollMs: deps.chatDigestPollMs } : {}),
    });
    app.addHook('onClose', async () => digests.stop());
  }
  const servesRealtime = config.SIDELINE_ROLE === 'all' || config.SIDELINE_ROLE === 'realtime';
  if (servesRealtime) {
    const roomPresence = createChatRoomPresence(database.db, logger.child({ component: 'chat-push' }));
    app.addHook('onClose', () => roomPresence.close());
    await app.register(realtimePlugin, {
      bus: deps.bus,
      // Browsers always send Origin on a WebSocket upgrade: one from another site (cross-site
      // WebSocket hijacking, riding the cookie) is refused. Without Origin the client is no
      // browser page (a script, an app): it passes, and still needs its session cookie.
      allowedOrigins: (request) => isSameOrigin(request, config.PUBLIC_ORIGIN),
      authenticate: async (request) => {
        if (!request.userId || !request.sessionToken) return null;
        const user = await findUserById(database.db, request.userId);
        return user
          ? { user: { id: user.id, name: user.name, role: user.role }, sessionId: sessionIdOf(request.sessionToken) }
          : null;
      },
      activeSessions: (sessionIds) => sessions.activeSessionIds(sessionIds),
      teamsOf: (userId) => teamIdsOfUser(database.db, userId),
      maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
      maxSocketsPerIp: config.WS_MAX_SOCKETS_PER_IP,
      sessionCheckIntervalMs: config.WS_SESSION_CHECK_SECONDS * 1_000,
      onSendMessage: socketMessageSender(ctx),
      onRoomsChanged: roomPresence.onRoomsChanged,
    });
  }
  await app.register(healthRoutes, {
    mode: runMode(config),
    role: config.SIDELINE_ROLE,
    database,
    eventStore: deps.eventStore,
    bus: deps.bus,
    progress: deps.progress,
    ...(deps.projectorStatus ? { projectorStatus: deps.projectorStatus } : {}),
    ...(deps.processId ? { processId: deps.processId } : {}),
    ...(deps.projectionLeader ? { projectionLeader: deps.projectionLeader } : {}),
    ...(servesRealtime ? { realtimeStats: () => ({ ...app.realtimeStats() }) } : {}),
  });
  if (deps.readiness) await app.register(probeRoutes, { readiness: deps.readiness });
  await registerSpa(app, deps.webDist ?? null);
  return { app, handle, sessions };
}

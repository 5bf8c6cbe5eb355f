import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { createGateway, type RealtimeStats } from './gateway.ts';
import { originCheck } from './origin.ts';
import { realtimeDefaults, type RealtimeOptions, type RealtimeSession } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts of this instance's realtime gateway, for /api/health. */
    realtimeStats(): RealtimeStats;
  }
}

/**
 * Registers GET `/ws`: Origin check (403) and session check (401) run as ordinary Fastify hooks
 * BEFORE the upgrade, so a refused client gets a plain HTTP answer and no socket.
 *
 * Not encapsulated (like fastify-plugin): `app.realtimeStats()` is visible to the app that
 * registers it. Registers @fastify/websocket (with a 64 KiB frame limit) unless the app already
 * did; the app must then set `options.maxPayload` itself.
 */
const plugin: FastifyPluginAsync<RealtimeOptions> = async (fastify, options) => {
  const path = options.path ?? realtimeDefaults.path;
  const maxPayload = options.maxPayloadBytes ?? realtimeDefaults.maxPayloadBytes;

  const gateway = createGateway(options, fastify.log);
  fastify.decorate('realtimeStats', () => gateway.stats());
  // Added before @fastify/websocket's own preClose (which closes sockets without a code), so
  // clients get 1001 "going away" and reconnect, as after any deploy.
  fastify.addHook('preClose', async () => {
    await gateway.close();
  });

  if (!fastify.hasDecorator('websocketServer')) {
    // Compression stays off (the ws default): inflating client frames costs memory we bound.
    await fastify.register(websocket, { options: { maxPayload } });
  } else {
    fastify.log.warn('@fastify/websocket was registered by the app; its maxPayload applies to /ws');
  }

  const originAllowed = originCheck(options.allowedOrigins);
  const sessions = new WeakMap<FastifyRequest, RealtimeSession>();

  fastify.get(
    path,
    {
      websocket: true,
      onRequest: async (request, reply) => {
        if (!originAllowed(request)) {
          request.log.warn({ origin: request.headers.origin }, 'refused /ws from a foreign origin');
          return reply.code(403).send({ message: 'Origin not allowed', code: 'forbidden_origin' });
        }
      },
      preValidation: async (request, reply) => {
        const session = await options.authenticate(request);
        if (!session) {
          return reply.code(401).send({ message: 'Sign in to connect', code: 'unauthenticated' });
        }
        sessions.set(request, session);
      },
    },
    (socket, request) => {
      const session = sessions.get(request);
      sessions.delete(request);
      releaseUpgrade(socket, request, fastify.log);
      // Unreachable while preValidation guards the route; refuse rather than trust.
      if (!session) return socket.close(1008, 'Unauthenticated');
      gateway.accept(socket, session, request.ip);
    },
  );
};

/**
 * Lets go of the upgrade's HTTP request and reply once the socket is open. Left as they are,
 * both live as long as the socket (about 5 KB of a 5,000-socket gateway's heap per socket: the
 * request with its headers and child logger, Fastify's Request and Reply, the ServerResponse):
 * @fastify/websocket attaches a ServerResponse to the TCP socket that nothing ever detaches,
 * and its 'error' listener on the WebSocket closes over the request and the reply. Its default
 * error handling stays: the error is logged and the socket terminated.
 */
function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  if (tcp._httpMessage) tcp._httpMessage.detachSocket(tcp);
  for (const listener of socket.listeners('error')) socket.off('error', listener as (err: Error) => void);
  socket.on('error', (err) => {
    log.error({ err }, 'realtime socket error');
    socket.terminate();
  });
}

// What fastify-plugin does: skip encapsulation and name the plugin in errors and printPlugins.
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'sideline-realtime',
});

export const realtimePlugin = plugin;

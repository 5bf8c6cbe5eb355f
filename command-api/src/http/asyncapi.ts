import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientFrameSchemas,
  notificationFrames,
  serverFrame,
  ephemeralFrameTypes,
} from '@sideline/domain/chat/socket-protocol';

/**
 * The AsyncAPI 3 document of the `/ws` socket, built from the zod schemas the gateway parses
 * client frames with and the frames it and the projectors send: one description, so the
 * document cannot drift from the protocol. Served as GET /api/asyncapi.json beside the OpenAPI
 * document (GET /api/docs/json).
 */

type Frame = z.ZodObject<{ type: z.ZodLiteral<string> }>;

const typeOf = (frame: Frame) => frame.shape.type.value as string;

/** `join_teams` → `JoinTeams`. */
const pascal = (name: string) =>
  name
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

function jsonSchemaOf(frame: Frame, io: 'input' | 'output'): Record<string, unknown> {
  // Client frames are described as a client may write them (defaults optional), server frames
  // as they are sent.
  const json = z.toJSONSchema(frame, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export function asyncApiDocument(options: { publicOrigin: string; sessionCookieName: string }) {
  const origin = new URL(options.publicOrigin);
  const clientFrames = Object.values(clientFrameSchemas) as unknown as Frame[];
  const serverFrames = [...serverFrame.options, ...notificationFrames] as unknown as Frame[];
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const add = (frame: Frame, io: 'input' | 'output', summary: string) => {
    const type = typeOf(frame);
    const name = `${pascal(type)}Frame`;
    schemas[name] = jsonSchemaOf(frame, io);
    messages[type] = {
      name: type,
      title: pascal(type),
      summary,
      contentType: 'application/json',
      payload: { $ref: `#/components/schemas/${name}` },
    };
  };
  for (const frame of clientFrames) add(frame, 'input', `Client → server: ${typeOf(frame)}`);
  for (const frame of serverFrames) {
    const type = typeOf(frame);
    add(
      frame,
      'output',
      `Server → client: ${type}${ephemeralFrameTypes.has(type) ? ' (dropped first when the socket is slow)' : ''}`,
    );
  }
  const ref = (type: string) => ({ $ref: `#/channels/socket/messages/${type}` });
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Sideline realtime socket',
      version: '0.1.0',
      description:
        'One WebSocket per browser tab at `/ws`, opened with the session cookie (no session: closed with ' +
        '1008). Every frame is a JSON text frame with a `type`. The client sends `join_teams` with the ' +
        'teams it shows and gets `joined` with those it may follow (and, in `recentChanges`, those of them ' +
        'that changed in the last minute: refetch reads of such a team answered before its change); ' +
        'team frames then arrive for those ' +
        'teams, user frames for the signed-in user. A malformed or refused client frame is answered with ' +
        '`error`. Most server frames say only what changed: the client refetches the REST resource ' +
        'they name (see the OpenAPI document, GET /api/docs/json). After a reconnect or a `resync`, ' +
        'refetch everything shown.',
    },
    servers: {
      sideline: {
        host: origin.host,
        protocol: origin.protocol === 'https:' ? 'wss' : 'ws',
        pathname: '/ws',
        security: [{ $ref: '#/components/securitySchemes/sessionCookie' }],
      },
    },
    channels: {
      socket: {
        address: '/ws',
        title: 'The realtime socket',
        messages: Object.fromEntries(
          Object.keys(messages).map((type) => [type, { $ref: `#/components/messages/${type}` }]),
        ),
      },
    },
    operations: {
      receiveClientFrames: {
        action: 'receive',
        title: 'Frames the client sends',
        summary: 'join_teams, send_message, typing, presence',
        channel: { $ref: '#/channels/socket' },
        messages: clientFrames.map((f) => ref(typeOf(f))),
      },
      sendServerFrames: {
        action: 'send',
        title: 'Frames the server sends',
        channel: { $ref: '#/channels/socket' },
        messages: serverFrames.map((f) => ref(typeOf(f))),
      },
    },
    components: {
      messages,
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: 'httpApiKey',
          in: 'cookie',
          name: options.sessionCookieName,
          description: 'The session cookie POST /api/register and POST /api/login set',
        },
      },
    },
  };
}

export function registerAsyncApi(app: FastifyInstance, options: { publicOrigin: string; sessionCookieName: string }) {
  const document = JSON.stringify(asyncApiDocument(options));
  app.get('/api/asyncapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
}

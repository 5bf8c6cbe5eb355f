import { MEDIA_DESCRIPTION_MAX_LENGTH, MEDIA_PLAYERS_MAX, MEDIA_TITLE_MAX_LENGTH, mediaKinds } from '@sideline/domain';

/**
 * Completes the OpenAPI document @fastify/swagger builds from the routes' zod schemas with what
 * no single route states: how a client authenticates (security schemes, and which one each
 * operation takes), a stable operationId, the error answers every operation can give (the shared
 * error body), and nullable schemas in the form strict OpenAPI 3.0 validators accept. Done here,
 * once, so a new route is documented the same way without anyone remembering to.
 */

/** How an operation lets a client in. Every operation not listed below takes the session. */
export type Access =
  /** Anyone: signing up and in, health probes, the sports catalogue, an invitation's preview. */
  | 'public'
  /** Anyone for a public livestream; the session for a private one (team members only). */
  | 'public-or-session'
  /** An organization's API token (`Authorization: Bearer`), or the session. */
  | 'bearer-or-session'
  /** The calendar feed: calendar apps send no cookie, the token in its URL is the credential. */
  | 'feed-token'
  | 'session';

const ACCESS: Record<string, Access> = {
  'GET /api/push/public-key': 'public',
  // Email's one-click unsubscribe: the signed token in the URL names the person (RFC 8058).
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  // Signing out without a session is still a 204 (and clears whatever cookie was sent).
  'POST /api/logout': 'public',
  'GET /api/invite/{token}': 'public',
  'GET /api/sports': 'public',
  'GET /api/sports/{sportId}/positions': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/livestreams/{livestreamId}/live.flv': 'public-or-session',
  'GET /api/livestreams/{livestreamId}/hls/index.m3u8': 'public-or-session',
  'GET /api/livestreams/{livestreamId}/hls/{segment}': 'public-or-session',
  'GET /api/matches/{matchId}/box-score': 'bearer-or-session',
  'GET /api/matches/{matchId}/stats/stream': 'bearer-or-session',
  'GET /api/seasons/{seasonId}/stats/stream': 'bearer-or-session',
  'GET /api/teams/{teamId}/calendar.ics': 'feed-token',
};

/** Operations that count requests per person or address and answer 429 past the limit. */
const RATE_LIMITED = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/user/avatar',
  'POST /api/user/password',
  'POST /api/teams/join',
  'POST /api/teams/{teamId}/media/upload',
  'POST /api/teams/{teamId}/messages',
  'POST /api/teams/{teamId}/invite',
  // Adding a player with a parent's email invites the parent: the invitations' hourly limit.
  'POST /api/teams/{teamId}/players',
  'POST /api/teams/{teamId}/invitations/{invitationId}/resend',
  'POST /api/events/{eventId}/remind',
  'POST /api/livestreams/{livestreamId}/chat',
]);

/**
 * The state-changing operations that run no command (sessions, credentials, tokens, push
 * subscriptions, notice receipts and other rows that are not events). Every other one decides a
 * command and appends it with an expected revision, so it can answer 409: a decider's refusal of
 * the current state, or a write another process kept making to the same stream (the command
 * handler retries, then gives up with CONFLICT). The OpenAPI walk over every mutation checks this
 * list against the events each operation appends.
 */
const NO_COMMAND = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/user/password',
  'DELETE /api/user/sessions',
  'POST /api/ai/game-recap',
  'POST /api/tokens',
  'DELETE /api/tokens/{tokenId}',
  'POST /api/teams/{teamId}/calendar-token',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'POST /api/push/test',
  'POST /api/events/{eventId}/remind',
  'POST /api/notices/{noticeId}/seen',
  'POST /api/teams/{teamId}/events/{eventId}/views',
]);

/**
 * Operations that answer 503 with Retry-After: their write is saved but its read model is not there
 * yet (NOT_READY), a live stream's first segment is still being cut (HLS_NOT_READY), or this
 * server cannot process videos.
 */
const NOT_READY = new Set([
  'POST /api/login',
  'POST /api/teams',
  'POST /api/teams/join',
  'POST /api/teams/{teamId}/players',
  'POST /api/teams/{teamId}/invite',
  'POST /api/teams/{teamId}/invitations/{invitationId}/resend',
  'POST /api/invite/{token}/accept',
  'POST /api/teams/{teamId}/messages',
  'POST /api/teams/{teamId}/media/upload',
  'POST /api/teams/{teamId}/events',
  'POST /api/organizations/{orgId}/teams',
  'POST /api/seasons/{seasonId}/teams',
  'POST /api/matches',
  'PUT /api/matches/{matchId}',
  'POST /api/matches/{matchId}/participants',
  'DELETE /api/matches/{matchId}/participants/{participantId}',
  'POST /api/matches/{matchId}/substitutions',
  'POST /api/matches/{matchId}/stats',
  'PUT /api/matches/{matchId}/stats/{statId}',
  'DELETE /api/matches/{matchId}/stats/{statId}',
  'POST /api/livestreams',
  'POST /api/livestreams/{livestreamId}/cancel',
  'POST /api/livestreams/{livestreamId}/end',
  'POST /api/livestreams/{livestreamId}/key',
  'POST /api/livestreams/{livestreamId}/chat',
  'GET /api/livestreams/{livestreamId}/hls/index.m3u8',
]);

/** Bodies that are not JSON (multipart forms read by the route itself): described here. */
const UPLOADS: Record<string, { description: string; fields: Record<string, unknown> }> = {
  'POST /api/user/avatar': {
    description: 'A PNG, JPEG, GIF or WebP picture of at most 10 MB, as the part named `file`',
    fields: {},
  },
  'POST /api/teams/{teamId}/media/upload': {
    description:
      'The photo (PNG, JPEG, GIF or WebP, at most 10 MB) or video (MP4, MOV or WebM, at most 200 MB) as the ' +
      'part named `file`, one file a request, and optional text fields',
    fields: {
      type: { type: 'string', enum: [...mediaKinds], default: 'photo' },
      title: { type: 'string', maxLength: MEDIA_TITLE_MAX_LENGTH, default: '' },
      description: { type: 'string', maxLength: MEDIA_DESCRIPTION_MAX_LENGTH, default: '' },
      players: {
        type: 'string',
        default: '',
        description: `Comma-separated ids of the rostered players in it (at most ${MEDIA_PLAYERS_MAX}); their photo consent is checked`,
      },
    },
  },
};

/** What the operations that answer a file or a stream send (their routes write it themselves). */
const FILE_ANSWERS: Record<string, { type: string; what: string }> = {
  'GET /api/avatars/{file}': { type: 'image/webp', what: 'The picture' },
  'GET /api/media/{file}': { type: 'application/octet-stream', what: 'The file, with its own image or video type' },
  'GET /api/admin/media/{id}/download': { type: 'application/octet-stream', what: 'The file, as an attachment' },
  'GET /api/teams/{teamId}/calendar.ics': { type: 'text/calendar', what: 'The iCalendar feed' },
  'GET /api/teams/{teamId}/players/{playerId}/export': {
    type: 'application/zip',
    what: "The child's data: a JSON file per kind and the media naming the child",
  },
  'GET /api/matches/{matchId}/stats/stream': { type: 'application/x-ndjson', what: 'One stat event a line' },
  'GET /api/seasons/{seasonId}/stats/stream': { type: 'application/x-ndjson', what: 'One stat event a line' },
  'GET /api/livestreams/{livestreamId}/live.flv': { type: 'video/x-flv', what: 'The live stream as HTTP-FLV' },
  'GET /api/livestreams/{livestreamId}/hls/index.m3u8': {
    type: 'application/vnd.apple.mpegurl',
    what: 'The live HLS playlist',
  },
  'GET /api/livestreams/{livestreamId}/hls/{segment}': { type: 'video/mp2t', what: 'One HLS segment' },
  'GET /api/notifications/unsubscribe': { type: 'text/html', what: 'A page with the button that unsubscribes' },
  'POST /api/notifications/unsubscribe': { type: 'text/html', what: 'A page saying the switch is off' },
};

export const SECURITY_SCHEMES = {
  session: 'sessionCookie',
  bearer: 'apiToken',
  feed: 'calendarFeedToken',
} as const;

export function accessOf(method: string, path: string): Access {
  return ACCESS[`${method.toUpperCase()} ${path}`] ?? 'session';
}

const securityOf: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  // `{}` is "no credentials": OpenAPI's way of saying the scheme is optional.
  'public-or-session': [{}, { [SECURITY_SCHEMES.session]: [] }],
  'bearer-or-session': [{ [SECURITY_SCHEMES.bearer]: [] }, { [SECURITY_SCHEMES.session]: [] }],
  'feed-token': [{ [SECURITY_SCHEMES.feed]: [] }],
  session: [{ [SECURITY_SCHEMES.session]: [] }],
};

/**
 * `get /api/teams/{teamId}/events` → `getTeamsByTeamIdEvents`: derived from what identifies the
 * operation (its method and path), so it changes only when the route does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', ...splitWords(param[1]!)] : splitWords(segment);
    });
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const splitWords = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);

const ERROR_SCHEMA = {
  type: 'object',
  description:
    'Every error: a message to show, a stable code to branch on, the fields at fault on a 400. Some ' +
    'refusals add details of their own (e.g. what a conflict was about).',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['message', 'code'],
};

const REASONS: Record<string, string> = {
  '400': 'The request is not valid (`fieldErrors` names the fields at fault)',
  '401': 'Not signed in, or the session or token is not valid',
  '403': 'Signed in, but not allowed to do this (or a state-changing request from another site)',
  '404': 'Not found, or not visible to this user',
  '409': 'Conflicts with the current state (someone else changed it, or it is already done)',
  '410': 'No longer available (expired or used)',
  '413': 'The body is too large',
  '415': 'The body is not of a type this operation takes',
  '429': 'Too many requests; try again after `Retry-After` seconds',
  '503': 'Not available right now (a write saved but not yet readable: try again after `Retry-After` seconds)',
};

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, unknown>; headers?: unknown }>;
  [key: string]: unknown;
}

interface Document {
  openapi: string;
  info: Record<string, unknown>;
  servers?: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface ContractOptions {
  /** The session cookie's name (`__Host-` prefixed behind https). */
  sessionCookieName: string;
  /** Where the API is served: the document's one server. */
  serverUrl: string;
}

/** The statuses an operation can answer beyond the ones its route declares. */
export function derivedStatuses(method: string, path: string, operation: Operation): string[] {
  const key = `${method.toUpperCase()} ${path}`;
  const access = accessOf(method, path);
  const statuses = new Set<string>();
  const hasInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  if (hasInput || UPLOADS[key]) statuses.add('400');
  // A private livestream asks a stranger to sign in.
  if (access !== 'public' && access !== 'feed-token') statuses.add('401');
  // The origin check refuses a state-changing request a browser sends from another site; the
  // admin area refuses everyone but the organization's admins.
  if (UNSAFE.has(method) || path.startsWith('/api/admin/')) statuses.add('403');
  if (operation.parameters?.some((p) => p.in === 'path')) statuses.add('404');
  // Fastify reads a body sent with any state-changing request, whether or not its route takes one.
  if (UNSAFE.has(method) || operation.requestBody !== undefined) statuses.add('413').add('415');
  if (UNSAFE.has(method) && !NO_COMMAND.has(key)) statuses.add('409');
  if (RATE_LIMITED.has(key)) statuses.add('429');
  if (NOT_READY.has(key)) statuses.add('503');
  return [...statuses];
}

/** The document with security, operationIds, error answers and strict nullables. */
export function completeContract<T extends object>(built: T, options: ContractOptions): T {
  const document = built as unknown as Document;
  const errorRef = { $ref: '#/components/schemas/Error' };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.security = securityOf[accessOf(method, path)];
      const responses = (operation.responses ??= {});
      const upload = UPLOADS[`${method.toUpperCase()} ${path}`];
      if (upload && !operation.requestBody) {
        operation.requestBody = {
          required: true,
          description: upload.description,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, ...upload.fields },
                required: ['file'],
              },
            },
          },
        };
      }
      const file = FILE_ANSWERS[`${method.toUpperCase()} ${path}`];
      if (file && !responses['200']?.content) {
        responses['200'] = {
          description: file.what,
          content: { [file.type]: { schema: { type: 'string', format: 'binary' } } },
        };
      }
      for (const status of derivedStatuses(method, path, operation)) {
        responses[status] ??= { description: REASONS[status]!, content: { 'application/json': { schema: errorRef } } };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response' && REASONS[status]) response.description = REASONS[status];
        if (status === '429' || (status === '503' && NOT_READY.has(`${method.toUpperCase()} ${path}`))) {
          response.headers ??= {
            'Retry-After': { description: 'Seconds until a retry may pass', schema: { type: 'integer' } },
          };
        }
      }
    }
  }
  strictNullables(document.paths);
  const completed: Document = {
    ...document,
    servers: document.servers?.length ? document.servers : [{ url: options.serverUrl }],
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Error: ERROR_SCHEMA },
      securitySchemes: {
        [SECURITY_SCHEMES.session]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookieName,
          description: 'The session cookie POST /api/register and POST /api/login set (HttpOnly)',
        },
        [SECURITY_SCHEMES.bearer]: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An organization's read-only API token (`sl_…`, from POST /api/tokens): stat replays and box " +
            "scores of that organization's matches",
        },
        [SECURITY_SCHEMES.feed]: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The calendar feed token in the URL POST /api/teams/{teamId}/calendar-token returns',
        },
      },
    },
  };
  return completed as unknown as T;
}

type Schema = Record<string, unknown>;

/**
 * OpenAPI 3.0's `nullable: true` does not add null to an `enum` (the enum is checked on its own,
 * and strict validators refuse null), and is not allowed without a `type` beside it (zod writes
 * it on an `anyOf`). Null is put in the enum, and an untyped nullable moves into the first
 * alternative it wraps (the first only, so a `oneOf` still matches null exactly once).
 */
function strictNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) strictNullables(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  if (schema.nullable === true && schema.type === undefined) {
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (alternatives?.[0]) {
      delete schema.nullable;
      alternatives[0] = { ...alternatives[0], nullable: true };
    }
  }
  for (const value of Object.values(schema)) strictNullables(value);
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
}

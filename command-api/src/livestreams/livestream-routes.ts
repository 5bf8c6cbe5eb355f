import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedLivestreamCommands,
  createLivestreamInputSchema,
  idSchema,
  livestreamChatInputSchema,
  livestreamChatListSchema,
  livestreamChatMessageSchema,
  livestreamDecider,
  livestreamSchema,
  livestreamStream,
  type Livestream,
  type LivestreamCommand,
} from '@sideline/domain';
import {
  findLivestreamChatMessage,
  findLivestreamRow,
  listActiveLivestreams,
  listLivestreamChat,
  listTeamLivestreams,
  playersLackingConsent,
  type LivestreamRow,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import type { LivestreamIngest } from './ingest.ts';
import {
  livestreamManagersOnly,
  livestreamNotFound,
  loadLivestream,
  requireLivestreamManager,
  requireLivestreamReader,
  requireLivestreamViewer,
  teamStanding,
  type TeamStanding,
} from './livestream-access.ts';
import { newStreamKey, storeStreamKey } from './stream-keys.ts';
import { requirePublicStreamConsent } from '../consent/livestream-consent.ts';

export type LivestreamsContext = FeatureContext & { ingest: LivestreamIngest | null };

/** A public stream without every player's public and livestream consent: who lacks which. */
const consentMissingBody = z.object({
  message: z.string(),
  code: z.string(),
  players: z
    .array(z.object({ id: z.string(), name: z.string(), missing: z.array(z.enum(['photos', 'livestream', 'public'])) }))
    .optional(),
});
const errorBody = z.object({ message: z.string(), code: z.string() }).loose();
const streamParams = z.object({ livestreamId: idSchema });
const teamParams = z.object({ teamId: idSchema });

export const playbackUrlOf = (livestreamId: string) => `/api/livestreams/${livestreamId}/live.flv`;
export const hlsPlaybackUrlOf = (livestreamId: string) => `/api/livestreams/${livestreamId}/hls/index.m3u8`;

export const livestreamsRoutes: FastifyPluginAsyncZod<LivestreamsContext> = async (app, ctx) => {
  const { db, handle, ingest, config } = ctx;

  /** rtmp://{host}:{port}/live, as the coach's OBS reaches this server. */
  const rtmpUrlFor = (request: FastifyRequest) => {
    if (config.RTMP_PUBLIC_URL) return config.RTMP_PUBLIC_URL.replace(/\/$/, '');
    const host = (request.hostname || '127.0.0.1').replace(/:\d+$/, '');
    return `rtmp://${host}:${ingest?.port || config.RTMP_PORT}/live`;
  };

  const view = (
    request: FastifyRequest,
    row: LivestreamRow,
    standing: TeamStanding,
    streamKey: string | null = null,
  ): Livestream => {
    const live = ingest?.viewers(row.id) ?? { viewerCount: 0, peak: 0 };
    const accepted = acceptedLivestreamCommands(row.status, row.ingest).filter(
      (c) => c !== 'SendChatMessage' || row.allowChat,
    );
    const { orgId: _o, keyHint, keyRevoked, endReason: _e, teamDeleted: _d, ...rest } = row;
    return {
      ...rest,
      viewerCount: row.status === 'live' ? live.viewerCount : 0,
      maxViewers: Math.max(row.maxViewers, live.peak),
      rtmpUrl: standing.manager ? rtmpUrlFor(request) : null,
      streamKey: standing.manager ? streamKey : null,
      streamKeyHint: standing.manager ? keyHint : null,
      streamKeyRevoked: standing.manager && keyRevoked,
      playbackUrl: row.status === 'live' ? playbackUrlOf(row.id) : null,
      hlsPlaybackUrl: row.status === 'live' ? hlsPlaybackUrlOf(row.id) : null,
      canManage: standing.manager,
      actions: standing.manager ? accepted : accepted.filter((c) => c === 'SendChatMessage' && standing.member),
    };
  };

  async function run(livestreamId: string, command: LivestreamCommand, userId: string): Promise<void> {
    const { projected } = await handle(livestreamDecider, livestreamStream(livestreamId), command, { actorId: userId });
    if (!projected)
      throw new HttpError(503, 'NOT_READY', 'Saved; it takes a moment to show. Refresh shortly', undefined, 1);
  }

  async function reread(livestreamId: string): Promise<LivestreamRow> {
    const row = await findLivestreamRow(db, livestreamId);
    if (!row) throw livestreamNotFound();
    return row;
  }

  // Every route that sends a manager's command has refused anyone else (requireLivestreamManager,
  // the create route's own check): the one owner of that rule, ADR 0028.
  const sent = (livestreamId: string, userId: string) => ({
    livestreamId,
    by: userId,
    at: new Date().toISOString(),
  });

  app.post(
    '/api/livestreams',
    {
      schema: {
        tags: ['livestreams'],
        summary:
          'Create a livestream (spec part 2 §2 form: title required; type match, public off, chat and record on by default). Coaches and org admins only. The answer carries the stream key, shown once, and for a private stream the players without livestream consent. A public stream while a rostered player lacks public or livestream consent: 409 CONSENT_MISSING naming them.',
        body: createLivestreamInputSchema,
        response: { 201: livestreamSchema, 400: errorBody, 403: errorBody, 404: errorBody, 409: consentMissingBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const input = request.body;
      const standing = await teamStanding(db, input.teamId, userId);
      if (!standing.member) {
        throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found', { teamId: ['Team not found'] });
      }
      if (!standing.manager) throw livestreamManagersOnly();
      if (input.isPublic) await requirePublicStreamConsent(db, input.teamId);
      const idempotency = request.headers['idempotency-key'];
      const livestreamId =
        typeof idempotency === 'string' && idempotency.length > 0 && idempotency.length <= 200
          ? createHash('sha256').update(`${userId}\nlivestream\n${idempotency}`).digest('hex').slice(0, 32)
          : randomUUID();
      const existing = await findLivestreamRow(db, livestreamId);
      if (existing) return reply.status(201).send(view(request, existing, standing));
      const team = await db.selectFrom('teams').select(['org_id']).where('id', '=', input.teamId).executeTakeFirst();
      const key = newStreamKey();
      await storeStreamKey(db, livestreamId, key.hash);
      await run(
        livestreamId,
        {
          type: 'ScheduleLivestream',
          data: {
            ...sent(livestreamId, userId),
            teamId: input.teamId,
            orgId: (team?.org_id as string | null) ?? null,
            title: input.title,
            description: input.description,
            streamType: input.streamType,
            scheduledStartTime: input.scheduledStartTime,
            isPublic: input.isPublic,
            allowChat: input.allowChat,
            recordStream: input.recordStream,
            keyHint: key.hint,
          },
        },
        userId,
      );
      ingest?.allowKey(key.hash, {
        livestreamId,
        teamId: input.teamId,
        recordStream: input.recordStream,
        isPublic: input.isPublic,
      });
      const row = await reread(livestreamId);
      const created = view(request, row, standing, key.key);
      // A private stream's manager sees who lacks livestream consent before going live, from the start.
      if (input.isPublic) return reply.status(201).send(created);
      return reply.status(201).send({ ...created, playersWithoutConsent: await withoutLivestreamConsent(row.teamId) });
    },
  );

  app.get(
    '/api/teams/:teamId/livestreams',
    {
      schema: {
        tags: ['livestreams'],
        summary: "The team's livestreams, newest first (members of the team)",
        params: teamParams,
        response: { 200: z.array(livestreamSchema), 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      const standing = await teamStanding(db, teamId, userId);
      if (!standing.member) await requireTeamMember(db, teamId, userId); // 404 like any team not yours
      const rows = await listTeamLivestreams(db, teamId);
      return rows.map((r) => view(request, r, standing));
    },
  );

  app.get(
    '/api/livestreams/active',
    {
      schema: {
        tags: ['livestreams'],
        summary: "Streams live now: the caller's teams' and public ones",
        response: { 200: z.array(livestreamSchema) },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const rows = await listActiveLivestreams(db, userId);
      const standings = new Map<string, TeamStanding>();
      const out: Livestream[] = [];
      for (const r of rows) {
        let s = standings.get(r.teamId);
        if (!s) standings.set(r.teamId, (s = await teamStanding(db, r.teamId, userId)));
        out.push(view(request, r, s));
      }
      return out;
    },
  );

  app.get(
    '/api/livestreams/:livestreamId',
    {
      schema: {
        tags: ['livestreams'],
        summary:
          'One livestream (members of its team; public streams for anyone signed in). For a manager of a private stream not yet over, the players without livestream consent',
        params: streamParams,
        response: { 200: livestreamSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { row, standing } = await requireLivestreamReader(db, request.params.livestreamId, userId);
      const stream = view(request, row, standing);
      if (!standing.manager || row.isPublic || (row.status !== 'scheduled' && row.status !== 'live')) return stream;
      return { ...stream, playersWithoutConsent: await withoutLivestreamConsent(row.teamId) };
    },
  );

  async function withoutLivestreamConsent(teamId: string): Promise<Array<{ id: string; name: string }>> {
    const lacking = await playersLackingConsent(db, teamId, ['livestream']);
    return lacking.map(({ id, name }) => ({ id, name }));
  }

  app.post(
    '/api/livestreams/:livestreamId/cancel',
    {
      schema: {
        tags: ['livestreams'],
        summary: 'Cancel a scheduled livestream (managers); 409 once it has gone live',
        params: streamParams,
        response: { 200: livestreamSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { livestreamId } = request.params;
      const { standing } = await requireLivestreamManager(db, livestreamId, userId);
      await run(livestreamId, { type: 'CancelLivestream', data: sent(livestreamId, userId) }, userId);
      ingest?.cancelled(livestreamId);
      return view(request, await reread(livestreamId), standing);
    },
  );

  app.post(
    '/api/livestreams/:livestreamId/end',
    {
      schema: {
        tags: ['livestreams'],
        summary: 'End a live livestream (managers): the publisher is disconnected and the recording saved',
        params: streamParams,
        response: { 200: livestreamSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { livestreamId } = request.params;
      const { standing } = await requireLivestreamManager(db, livestreamId, userId);
      const peak = ingest?.viewers(livestreamId).peak ?? 0;
      const row = await loadLivestream(db, livestreamId);
      await run(
        livestreamId,
        { type: 'EndLivestream', data: { ...sent(livestreamId, userId), maxViewers: Math.max(peak, row.maxViewers) } },
        userId,
      );
      ingest?.endedByManager(livestreamId);
      return view(request, await reread(livestreamId), standing);
    },
  );

  app.post(
    '/api/livestreams/:livestreamId/key',
    {
      schema: {
        tags: ['livestreams'],
        summary:
          'Rotate the stream key (managers): the answer carries the new key, shown once; the old one stops working',
        params: streamParams,
        response: { 200: livestreamSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { livestreamId } = request.params;
      const { row, standing } = await requireLivestreamManager(db, livestreamId, userId);
      const key = newStreamKey();
      // Stored before the event: every ingest that reloads keys on its notice sees the new one. (A
      // stream the machine refuses to rotate is over, and an over stream's key publishes nothing.)
      await storeStreamKey(db, livestreamId, key.hash);
      await run(
        livestreamId,
        { type: 'RotateStreamKey', data: { ...sent(livestreamId, userId), keyHint: key.hint } },
        userId,
      );
      ingest?.allowKey(key.hash, {
        livestreamId,
        teamId: row.teamId,
        recordStream: row.recordStream,
        isPublic: row.isPublic,
      });
      return view(request, await reread(livestreamId), standing, key.key);
    },
  );

  app.get(
    '/api/livestreams/:livestreamId/chat',
    {
      schema: {
        tags: ['livestreams'],
        summary: "The stream's chat, oldest first (the latest 200)",
        params: streamParams,
        response: { 200: livestreamChatListSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { row, standing } = await requireLivestreamReader(db, request.params.livestreamId, userId);
      if (!standing.member) throw livestreamNotFound();
      return listLivestreamChat(db, row.id);
    },
  );

  app.post(
    '/api/livestreams/:livestreamId/chat',
    {
      schema: {
        tags: ['livestreams'],
        summary:
          'Post to the live chat (members of the team, while live and chat is on); delivered to every viewer in the team over /ws as `livestream_chat`',
        params: streamParams,
        body: livestreamChatInputSchema,
        response: { 201: livestreamChatMessageSchema, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { livestreamId } = request.params;
      const { standing } = await requireLivestreamReader(db, livestreamId, userId);
      await ctx.limiter.hit(`livestream-chat:${userId}`, { max: 30, windowSeconds: 10 });
      const messageId = request.body.clientId
        ? createHash('sha256').update(`${userId}\n${livestreamId}\n${request.body.clientId}`).digest('hex').slice(0, 32)
        : randomUUID();
      await run(
        livestreamId,
        {
          type: 'SendChatMessage',
          data: {
            livestreamId,
            by: userId,
            at: new Date().toISOString(),
            canRead: standing.member,
            messageId,
            message: request.body.message,
          },
        },
        userId,
      );
      const message = await findLivestreamChatMessage(db, messageId);
      if (!message) throw new HttpError(503, 'NOT_READY', 'Sent; it takes a moment to show', undefined, 1);
      return reply.status(201).send(message);
    },
  );
};

/**
 * GET /api/livestreams/{id}/live.flv: HTTP-FLV playback through the API. Private streams play
 * only for members of the team (401 signed out, 404 otherwise); public ones for anyone with the
 * link. Every open response is one viewer.
 */
export const livestreamPlaybackRoutes: FastifyPluginAsyncZod<LivestreamsContext> = async (app, ctx) => {
  const { db, ingest } = ctx;
  app.get(
    '/api/livestreams/:livestreamId/live.flv',
    {
      schema: {
        tags: ['livestreams'],
        summary: 'HTTP-FLV playback (H.264/AAC) while live; private streams for members of the team only',
        params: streamParams,
      },
    },
    async (request, reply) => {
      const row = await requireLivestreamViewer(db, request.params.livestreamId, request.userId);
      if (row.status !== 'live' || !ingest || !ingest.isOnAir(row.id)) {
        throw new HttpError(404, 'NOT_LIVE', 'This livestream is not on air right now');
      }
      reply.hijack();
      if (!ingest.addViewer(row.id, reply.raw)) {
        reply.raw.writeHead(404, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ message: 'This livestream is not on air right now', code: 'NOT_LIVE' }));
      }
    },
  );
};

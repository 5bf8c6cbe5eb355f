import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';
import { HLS_SEGMENT_NAME } from './hls.ts';
import { requireLivestreamViewer } from './livestream-access.ts';
import type { LivestreamsContext } from './livestream-routes.ts';

const streamParams = z.object({ livestreamId: idSchema });
/** Only names ffmpeg writes here (`segment-N.ts`): no path, no other file of the folder. */
const segmentParams = z.object({
  livestreamId: idSchema,
  segment: z.string().regex(HLS_SEGMENT_NAME, 'A segment name is segment-N.ts'),
});
const VIEWER_ID = /^[A-Za-z0-9_-]{8,64}$/;
const viewerQuery = z.object({
  /** A player's own random id: its playlist and segment requests count as one viewer. */
  viewer: z.string().regex(VIEWER_ID, 'A viewer id is 8–64 letters, digits, - or _').optional(),
});

const notLive = () => new HttpError(404, 'NOT_LIVE', 'This livestream is not on air right now');
const segmentNotFound = () => new HttpError(404, 'SEGMENT_NOT_FOUND', 'This segment is not available');

/**
 * Who an HLS request comes from: the player's id (`?viewer=`), else the session, else the
 * address and browser (a public stream watched signed out without the web app's player).
 */
function viewerKey(request: FastifyRequest, viewer: string | undefined): string {
  if (viewer) return `p:${viewer}`;
  const session = request.sessionToken;
  const basis = session ? `s:${session}` : `a:${request.ip}\n${request.headers['user-agent'] ?? ''}`;
  return createHash('sha256').update(basis).digest('base64url').slice(0, 22);
}

/**
 * HLS playback through the API, with the FLV playback's access rules (segments included):
 * `GET /api/livestreams/{id}/hls/index.m3u8` and `GET /api/livestreams/{id}/hls/segment-N.ts`,
 * served by the process that holds the stream's publisher (as HTTP-FLV is). The playlist names
 * its segments relative to itself, each carrying the player's `viewer` id so that Safari's own
 * player, which asks for them, is counted as one viewer.
 */
export const livestreamHlsRoutes: FastifyPluginAsyncZod<LivestreamsContext> = async (app, ctx) => {
  const { db, ingest } = ctx;

  app.get(
    '/api/livestreams/:livestreamId/hls/index.m3u8',
    {
      schema: {
        tags: ['livestreams'],
        summary:
          'HLS playlist (H.264/AAC in 1–2 s MPEG-TS segments, copied from the publish) while live; private streams for members of the team only',
        params: streamParams,
        querystring: viewerQuery,
      },
    },
    async (request, reply) => {
      const row = await requireLivestreamViewer(db, request.params.livestreamId, request.userId);
      const hls = row.status === 'live' ? ingest?.hls(row.id) : null;
      if (!hls) throw notLive();
      ingest!.hlsViewer(row.id, viewerKey(request, request.query.viewer));
      const playlist = await hls.playlist();
      if (playlist === null) {
        if (!ingest!.hls(row.id)) throw notLive();
        throw new HttpError(503, 'HLS_NOT_READY', 'The stream is starting: try again in a moment', undefined, 2);
      }
      const viewer = request.query.viewer;
      const body = viewer
        ? playlist.replace(/^(segment-\d+\.ts)$/gm, `$1?viewer=${encodeURIComponent(viewer)}`)
        : playlist;
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  app.get(
    '/api/livestreams/:livestreamId/hls/:segment',
    {
      schema: {
        tags: ['livestreams'],
        summary: 'A segment the HLS playlist lists (MPEG-TS); the same access as the playlist',
        params: segmentParams,
        querystring: viewerQuery,
      },
    },
    async (request, reply) => {
      const row = await requireLivestreamViewer(db, request.params.livestreamId, request.userId);
      const hls = row.status === 'live' ? ingest?.hls(row.id) : null;
      if (!hls) throw notLive();
      const file = hls.segmentPath(request.params.segment);
      // Opened before answering: ffmpeg may delete it as it leaves the playlist; the open file stays readable.
      const handle = file ? await open(file, 'r').catch(() => null) : null;
      if (!handle) throw segmentNotFound();
      const { size } = await handle.stat();
      ingest!.hlsViewer(row.id, viewerKey(request, request.query.viewer));
      return reply
        .header('content-type', 'video/mp2t')
        .header('content-length', size)
        .header('cache-control', `${row.isPublic ? 'public' : 'private'}, max-age=10`)
        .header('x-content-type-options', 'nosniff')
        .send(handle.createReadStream());
    },
  );
};

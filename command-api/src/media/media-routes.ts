import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canManageMedia,
  idSchema,
  isStorableText,
  mediaDecider,
  mediaFileUrl,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaStream,
  mediaUploadFieldsSchema,
  safeText,
  uploadedMediaSchema,
  VIDEO_MAX_BYTES,
  type MediaCommand,
  type UploadedMedia,
} from '@sideline/domain';
import {
  findMedia,
  findMediaItem,
  findTeamForMember,
  listMedia,
  mediaHiddenFrom,
  mediaNamesPlayers,
  type StoredMedia,
} from '@sideline/projections';
import { requirePhotoConsent } from '../consent/media-consent.ts';
import { teamReadPerUser } from '../http/cached-read-rules.ts';
import type { RateRule } from '../http/rate-limiter.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember, teamManagementFacts } from '../teams/team-access.ts';
import { IDEMPOTENCY_KEY, mediaIdForIdempotencyKey } from './media-ids.ts';
import { removeFiles, uploadPath, writeFileAtomically } from './media-storage.ts';
import { readUploadForm, type UploadForm } from './upload-form.ts';
import { processUpload } from './upload-kinds.ts';

/** Per user: a parent sharing a game's photos one by one fits; a script does not. */
const UPLOAD_RATE: RateRule = { max: 60, windowSeconds: 10 * 60 };

const EXTENSIONS = 'png|jpg|gif|webp|mp4|mov|webm';
/** `{mediaId}.{ext}` or `{mediaId}-thumb.webp`, as the upload names them. */
const MEDIA_FILE = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\\.(${EXTENSIONS})$`,
);
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const id = idSchema;
const teamParams = z.object({ teamId: id });
const itemParams = z.object({ teamId: id, mediaId: id });
const fileParams = z.object({ file: safeText.max(128) });
const fileQuery = z.object({ download: z.enum(['0', '1']).optional() });

const answer = (media: Pick<StoredMedia, 'id' | 'url' | 'thumbnailUrl'>): UploadedMedia => ({
  url: media.url,
  id: media.id,
  thumbnailUrl: media.thumbnailUrl,
});

export const mediaRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, dataDir, handle, limiter } = ctx;
  const tempDir = path.join(dataDir, 'uploads', '.incoming');
  // Registered here, not app-wide: only this plugin's routes accept multipart, with the
  // per-request limits set in upload-form.ts (these are the ceilings).
  await app.register(fastifyMultipart, { limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });

  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // Non-members get 404 before anything is validated or read: a team's existence never shows.
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request), ctx.reads);
  });

  /** The team's item, or 404 (another team's media is "not found", never "forbidden"). */
  async function requireTeamMedia(teamId: string, mediaId: string): Promise<StoredMedia> {
    const media = await findMedia(db, mediaId);
    if (!media || media.teamId !== teamId) throw notFound();
    return media;
  }

  function decide(mediaId: string, command: MediaCommand, userId: string) {
    return handle(mediaDecider, mediaStream(mediaId), command, { actorId: userId });
  }

  app.post(
    '/api/teams/:teamId/media/upload',
    {
      schema: {
        tags: ['media'],
        summary:
          'Upload a photo or video (multipart: file, type, title, description, players); images up to 10 MB, videos up to 200 MB',
        description:
          'The kind is read from the file itself: PNG, JPEG, GIF or WebP photos (re-encoded without metadata: ' +
          'EXIF, GPS), MP4, MOV or WebM videos (rewritten without metadata such as their location, then probed ' +
          'for duration, with a poster frame; 503 when the server cannot process videos). `type=highlight` ' +
          'marks a video as a highlight. `players` (comma-separated ids) names the rostered players in it: one ' +
          'without photo consent answers 409 CONSENT_MISSING listing them. An Idempotency-Key header makes a ' +
          'retried upload answer with the first one.',
        params: teamParams,
        response: { 201: uploadedMediaSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        throw new HttpError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 8–128 letters, digits or _.:-');
      }
      await limiter.hit(`upload:user:${userId}`, UPLOAD_RATE);

      const form: UploadForm = await readUploadForm(request, tempDir);
      const tempPaths = form.file ? [form.file.tempPath] : [];
      try {
        if (!form.file) {
          throw new HttpError(400, 'FILE_REQUIRED', 'Choose a file to upload.', { file: ['Choose a file to upload.'] });
        }
        const fields = mediaUploadFieldsSchema.safeParse(form.fields);
        if (!fields.success) {
          const fieldErrors: Record<string, string[]> = {};
          for (const issue of fields.error.issues)
            (fieldErrors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
          throw new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', fieldErrors);
        }
        const { players } = fields.data;
        await requirePhotoConsent(db, teamId, players);

        const mediaId = key === undefined ? randomUUID() : mediaIdForIdempotencyKey(teamId, userId, key);
        if (key !== undefined) {
          // A retry answers as the first upload did: same status, same body.
          const existing = await findMedia(db, mediaId);
          if (existing) return reply.status(201).send(answer(existing));
        }

        const processed = await processUpload(form.file, fields.data.type);
        if (processed.filePath) tempPaths.push(processed.filePath);
        const fileName = `${mediaId}.${processed.extension}`;
        const thumbName = processed.thumbnail ? `${mediaId}-thumb.webp` : null;
        const written = [uploadPath(dataDir, teamId, fileName)];
        if (processed.data) {
          await writeFileAtomically(written[0]!, processed.data);
        } else if (processed.filePath) {
          // A video's rewritten file: moved, not copied (same file system).
          await mkdir(path.dirname(written[0]!), { recursive: true });
          await rename(processed.filePath, written[0]!);
        }
        if (thumbName && processed.thumbnail) {
          written.push(uploadPath(dataDir, teamId, thumbName));
          await writeFileAtomically(written[1]!, processed.thumbnail);
        }

        const fallbackTitle = processed.kind === 'photo' ? 'Photo' : 'Video';
        const data = {
          mediaId,
          teamId,
          uploaderId: userId,
          kind: processed.kind,
          title: fields.data.title || titleFromFileName(form.file.filename, fallbackTitle),
          description: fields.data.description,
          contentType: processed.contentType,
          bytes: processed.bytes,
          width: processed.width,
          height: processed.height,
          url: mediaFileUrl(fileName),
          thumbnailUrl: thumbName ? mediaFileUrl(thumbName) : null,
          durationSeconds: processed.durationSeconds,
          ...(players.length > 0 ? { players } : {}),
        };
        let recorded;
        try {
          recorded = await decide(mediaId, { type: 'RecordUpload', data }, userId);
        } catch (error) {
          // Nothing refers to the files yet (a racing retry with the same key wrote the same ones).
          if (key === undefined) await removeFiles(written);
          throw error;
        }
        if (recorded.events.length === 0) {
          // A retry that raced its original past the check above: the handler waited for the
          // original's event, so the read model holds what the original answered.
          const existing = await findMedia(db, mediaId);
          if (existing) return reply.status(201).send(answer(existing));
        }
        return reply.status(201).send(answer({ id: mediaId, url: data.url, thumbnailUrl: data.thumbnailUrl }));
      } finally {
        await removeFiles(tempPaths);
      }
    },
  );

  app.get(
    '/api/teams/:teamId/media',
    {
      schema: {
        tags: ['media'],
        summary: "A page of the team's media, newest first; `type` filters, `before` (a media id) pages back",
        params: teamParams,
        querystring: mediaListQuerySchema,
        response: { 200: z.array(mediaItemSchema) },
      },
      // likedByMe is the caller's own.
      config: { cachedRead: teamReadPerUser },
    },
    async (request) => {
      const { teamId } = request.params;
      const { type, before, limit } = request.query;
      if (before !== undefined)
        await requireTeamMedia(teamId, before).catch(() => {
          throw new HttpError(400, 'INVALID_CURSOR', 'Unknown media to page from', { before: ['Unknown media'] });
        });
      return listMedia(db, teamId, requireUserId(request), { type, before, limit });
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/teams/:teamId/media/:mediaId/like',
      schema: {
        tags: ['media'],
        summary: method === 'POST' ? 'Like an item (idempotent)' : 'Take back a like (idempotent)',
        params: itemParams,
        response: { 200: mediaItemSchema },
      },
      handler: async (request) => {
        const userId = requireUserId(request);
        const { teamId, mediaId } = request.params;
        await requireTeamMedia(teamId, mediaId);
        const type = method === 'POST' ? 'LikeMedia' : 'UnlikeMedia';
        await decide(mediaId, { type, data: { mediaId, userId } }, userId);
        const item = await findMediaItem(db, teamId, mediaId, userId);
        if (!item) throw notFound();
        return item;
      },
    });
  }

  app.delete(
    '/api/teams/:teamId/media/:mediaId',
    {
      schema: {
        tags: ['media'],
        summary: 'Delete an item: its uploader, or a team manager (its creator or an assigned coach)',
        params: itemParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId, mediaId } = request.params;
      const media = await requireTeamMedia(teamId, mediaId);
      const team = await findTeamForMember(db, teamId, userId);
      if (!team) throw notFound();
      const canManage = canManageMedia(await teamManagementFacts(db, team, userId));
      await decide(mediaId, { type: 'DeleteMedia', data: { mediaId, userId, canManage } }, userId);
      // The read model no longer has it, so it is not served; the files go too.
      const names = [media.url, media.thumbnailUrl]
        .filter((u): u is string => u !== null)
        .map((u) => u.slice(u.lastIndexOf('/') + 1));
      await removeFiles(names.map((n) => uploadPath(dataDir, teamId, n)));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/media/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored media file; only for members of its team. Range requests (206) for seeking; ?download=1',
        params: fileParams,
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { file } = request.params;
      const match = MEDIA_FILE.exec(file);
      const media = match ? await findMedia(db, match[1]!) : null;
      // Unknown, not ours to see, or a name the upload never gave out: all the same 404.
      if (!media || ![media.url, media.thumbnailUrl].includes(mediaFileUrl(file))) throw notFound();
      await requireTeamMember(db, media.teamId, userId).catch(() => {
        throw notFound();
      });
      // Hidden from members while a player it names has no photo consent.
      if (await mediaHiddenFrom(db, media, userId)) throw notFound();
      // A file naming players is hidden as soon as a guardian withdraws photo consent: browsers
      // ask again each time (no-cache) rather than show a copy kept for a day (in chat, say).
      const cacheControl = (await mediaNamesPlayers(db, media.id)) ? 'private, no-cache' : 'private, max-age=86400';
      const filePath = uploadPath(dataDir, media.teamId, file);
      const size = await stat(filePath).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw notFound();
      const extension = match![3]!;
      reply
        .header('content-type', contentTypes[extension]!)
        .header('accept-ranges', 'bytes')
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff');
      if (request.query.download === '1') {
        // The title is usually the file name already ("kickoff.png"): one extension, the stored one.
        const base = media.title.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'media';
        reply.header('content-disposition', contentDisposition(`${base}.${extension}`));
      }
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(filePath, { start: range.start, end: range.end }));
      }
      return reply.header('content-length', size).send(createReadStream(filePath));
    },
  );
};

function notFound(): HttpError {
  return new HttpError(404, 'MEDIA_NOT_FOUND', 'Media not found');
}

/**
 * One `bytes=` range (what browsers send to seek a video); null serves the whole file (no header,
 * or several ranges, which we answer with the whole file as RFC 9110 allows).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // Suffix: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** "IMG_1234.jpeg" → "IMG_1234"; the spec's client sends the file name as the title anyway. */
function titleFromFileName(fileName: string, fallback: string): string {
  // A name is the client's, not typed text: characters that cannot be stored are dropped.
  const base = Array.from(fileName)
    .filter(isStorableText)
    .join('')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 200);
  return base || fallback;
}

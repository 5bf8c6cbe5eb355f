import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  mediaDecider,
  mediaFileUrl,
  mediaStream,
  mediaUploadFieldsSchema,
  uploadedMediaSchema,
  type UploadedMedia,
} from '@sideline/domain';
import { findMedia, type StoredMedia } from '@sideline/projections';
import type { RateRule } from '../http/rate-limiter.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { IDEMPOTENCY_KEY, mediaIdForIdempotencyKey } from './media-ids.ts';
import { removeFiles, uploadPath, writeFileAtomically } from './media-storage.ts';
import { readUploadForm } from './upload-form.ts';
import { processUpload } from './upload-kinds.ts';

/** Per user: a parent sharing a game's photos one by one fits; a script does not. */
const UPLOAD_RATE: RateRule = { max: 60, windowSeconds: 10 * 60 };

/** `{mediaId}.{ext}` or `{mediaId}-thumb.webp`, as the upload names them. */
const MEDIA_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\.(png|jpg|gif|webp)$/;
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const teamParams = z.object({ teamId: z.string().min(1).max(64) });
const fileParams = z.object({ file: z.string().max(128) });

const answer = (media: Pick<StoredMedia, 'id' | 'url' | 'thumbnailUrl'>): UploadedMedia => ({
  url: media.url,
  id: media.id,
  thumbnailUrl: media.thumbnailUrl,
});

export const mediaRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, dataDir, handle, limiter } = ctx;
  // Registered here, not app-wide: only this plugin's routes accept multipart, with the
  // per-request limits set in upload-form.ts (these are the ceilings).
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });

  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.post(
    '/api/teams/:teamId/media/upload',
    {
      schema: {
        tags: ['media'],
        summary: 'Upload a photo (multipart: file, type, title, description); PNG, JPEG, GIF or WebP up to 10 MB',
        description:
          'The type is read from the file itself. Photos are re-encoded without metadata (EXIF, GPS). ' +
          'An Idempotency-Key header makes a retried upload answer with the first one.',
        params: teamParams,
        response: { 200: uploadedMediaSchema, 201: uploadedMediaSchema },
      },
      // Membership before anything is read: a non-member learns nothing, and uploads nothing.
      preValidation: async (request) => {
        const { teamId } = request.params as { teamId: string };
        await requireTeamMember(db, teamId, requireUserId(request));
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

      const form = await readUploadForm(request);
      if (!form.file) {
        throw new HttpError(400, 'FILE_REQUIRED', 'Choose a file to upload.', { file: ['Choose a file to upload.'] });
      }
      const fields = mediaUploadFieldsSchema.safeParse(form.fields);
      if (!fields.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of fields.error.issues) (fieldErrors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
        throw new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', fieldErrors);
      }

      const mediaId = key === undefined ? randomUUID() : mediaIdForIdempotencyKey(teamId, userId, key);
      if (key !== undefined) {
        const existing = await findMedia(db, mediaId);
        if (existing) return reply.status(200).send(answer(existing));
      }

      const processed = await processUpload(form.file.data);
      if (!processed) {
        throw new HttpError(400, 'UNSUPPORTED_TYPE', 'Please select an image file.', {
          file: ['Please select an image file.'],
        });
      }
      const fileName = `${mediaId}.${processed.extension}`;
      const thumbName = processed.thumbnail ? `${mediaId}-thumb.webp` : null;
      const written = [uploadPath(dataDir, teamId, fileName)];
      await writeFileAtomically(written[0]!, processed.data);
      if (thumbName && processed.thumbnail) {
        written.push(uploadPath(dataDir, teamId, thumbName));
        await writeFileAtomically(written[1]!, processed.thumbnail);
      }

      const data = {
        mediaId,
        teamId,
        uploaderId: userId,
        kind: processed.kind,
        title: fields.data.title || titleFromFileName(form.file.filename),
        description: fields.data.description,
        contentType: processed.contentType,
        bytes: processed.data.length,
        width: processed.width,
        height: processed.height,
        url: mediaFileUrl(fileName),
        thumbnailUrl: thumbName ? mediaFileUrl(thumbName) : null,
      };
      try {
        await handle(mediaDecider, mediaStream(mediaId), { type: 'RecordUpload', data }, { actorId: userId });
      } catch (error) {
        // Nothing refers to the files yet (a racing retry with the same key wrote the same ones).
        if (key === undefined) await removeFiles(written);
        throw error;
      }
      return reply.status(201).send(answer({ id: mediaId, url: data.url, thumbnailUrl: data.thumbnailUrl }));
    },
  );

  app.get(
    '/api/media/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored media file; only for members of its team',
        params: fileParams,
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
      const filePath = uploadPath(dataDir, media.teamId, file);
      const size = await stat(filePath).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw notFound();
      return reply
        .header('content-type', contentTypes[match![3]!]!)
        .header('content-length', size)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(filePath));
    },
  );
};

function notFound(): HttpError {
  return new HttpError(404, 'MEDIA_NOT_FOUND', 'Media not found');
}

/** "IMG_1234.jpeg" → "IMG_1234"; the spec's client sends the file name as the title anyway. */
function titleFromFileName(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 200);
  return base || 'Photo';
}

import type {} from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  detectImageFormat,
  detectVideoFormat,
  IMAGE_MAX_BYTES,
  MEDIA_PLAYERS_MAX,
  VIDEO_MAX_BYTES,
  type ImageFormat,
  type VideoFormat,
} from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';
import { videosUnavailable } from './upload-kinds.ts';
import { ffmpegAvailable } from './video-processing.ts';

/** What the first bytes of the file said it is. */
export type SniffedFormat = { kind: 'image'; format: ImageFormat } | { kind: 'video'; format: VideoFormat };

export interface UploadedFile {
  /** Temporary file holding the upload; the caller moves or removes it. */
  tempPath: string;
  bytes: number;
  filename: string;
  format: SniffedFormat;
}

export interface UploadForm {
  file: UploadedFile | null;
  fields: Record<string, string>;
}

/** Per request: one file, a few short fields (spec: file, type, title, description), and `players` repeated at most once per player. */
const limits = {
  fileSize: VIDEO_MAX_BYTES,
  files: 1,
  fields: 8 + MEDIA_PLAYERS_MAX,
  fieldSize: 8 * 1024,
  parts: 12 + MEDIA_PLAYERS_MAX,
};

const mb = (bytes: number) => bytes / (1024 * 1024);
/** Enough to tell every accepted format apart. */
const HEAD_BYTES = 16;

export const unsupportedType = () =>
  new HttpError(400, 'UNSUPPORTED_TYPE', 'Please select an image or video file.', {
    file: ['Please select an image or video file.'],
  });

function sniff(head: Buffer): SniffedFormat | null {
  const image = detectImageFormat(head);
  if (image) return { kind: 'image', format: image };
  const video = detectVideoFormat(head);
  if (video) return { kind: 'video', format: video };
  return null;
}

export const INVALID_UPLOAD_MESSAGE = 'The upload was cut off or is not a form upload';
const invalidUpload = () => new HttpError(400, 'INVALID_UPLOAD', INVALID_UPLOAD_MESSAGE);

/**
 * The parts of the form, then the bytes of each file, as the client sent them. Whatever goes
 * wrong while they are read is the body's fault (no boundary, cut off, malformed), so it is a
 * 400 INVALID_UPLOAD, unless it is a limit (413) or our own refusal; errors of our own (the disk)
 * happen outside these reads and stay 500s.
 */
async function* clientStream<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    while (true) {
      let step: IteratorResult<T>;
      try {
        step = await iterator.next();
      } catch (error) {
        done = true;
        throw error instanceof HttpError ? error : (limitError(error) ?? invalidUpload());
      }
      if (step.done) {
        done = true;
        return;
      }
      yield step.value;
    }
  } finally {
    // Left early (a refusal in the loop body): let the source clean up, as for-await would.
    if (!done) await iterator.return?.();
  }
}

const tooLarge = (format: SniffedFormat) =>
  format.kind === 'image'
    ? new HttpError(413, 'FILE_TOO_LARGE', `Images can be at most ${mb(IMAGE_MAX_BYTES)} MB.`)
    : new HttpError(413, 'FILE_TOO_LARGE', `Videos can be at most ${mb(VIDEO_MAX_BYTES)} MB.`);

/**
 * Reads the multipart body, streaming the file to a temporary file under `tempDir` (never the
 * whole video in memory). Its kind comes from its first bytes, whatever the client declared, and
 * the size limit follows the kind (photos 10 MiB, videos 200 MiB): the upload stops as soon as it
 * is over, or as soon as the first bytes show a type we do not accept.
 */
export async function readUploadForm(request: FastifyRequest, tempDir: string): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data');
  }
  const form: UploadForm = { file: null, fields: {} };
  let tempPath: string | null = null;
  try {
    for await (const part of clientStream(request.parts({ limits }))) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          part.file.resume();
          continue;
        }
        await mkdir(tempDir, { recursive: true });
        tempPath = path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
        const handle = await open(tempPath, 'wx');
        let bytes = 0;
        let head = Buffer.alloc(0);
        let format: SniffedFormat | null = null;
        try {
          for await (const chunk of clientStream(part.file as AsyncIterable<Buffer>)) {
            if (!format) {
              head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
              if (head.length >= HEAD_BYTES) {
                format = sniff(head);
                if (!format) throw unsupportedType();
                // Not worth receiving a video that could not be cleaned before it is stored.
                if (format.kind === 'video' && !(await ffmpegAvailable())) throw videosUnavailable();
              }
            }
            bytes += chunk.length;
            if (format && bytes > (format.kind === 'image' ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES)) throw tooLarge(format);
            await handle.write(chunk);
          }
        } finally {
          await handle.close();
        }
        // A file shorter than the sniffed head.
        format ??= sniff(head);
        if (bytes === 0) {
          // Nothing was sent: the same as no file.
          await rm(tempPath, { force: true });
          tempPath = null;
        } else if (!format) {
          throw unsupportedType();
        } else {
          form.file = { tempPath, bytes, filename: part.filename, format };
        }
      } else if (typeof part.value === 'string') {
        // `players` may come as one comma-separated field or repeated (also as `players[]`, as
        // form libraries send arrays): every one counts, so no named player escapes the consent check.
        const name = part.fieldname === 'players[]' ? 'players' : part.fieldname;
        const earlier = form.fields[name];
        form.fields[name] = name === 'players' && earlier !== undefined ? `${earlier},${part.value}` : part.value;
      }
    }
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    throw limitError(error) ?? error;
  }
  return form;
}

function limitError(error: unknown): HttpError | null {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'FILE_TOO_LARGE', `Videos can be at most ${mb(VIDEO_MAX_BYTES)} MB.`);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'TOO_MANY_FILES', 'Upload one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'TOO_MANY_FIELDS', 'Too many form fields.');
    default:
      return null;
  }
}

import { readFile, rm, stat } from 'node:fs/promises';
import { videoFormats, type MediaKind } from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';
import { processImage } from './image-processing.ts';
import type { UploadedFile } from './upload-form.ts';
import {
  probeVideo,
  remuxWithoutMetadata,
  UnreadableVideoError,
  VideoToolsUnavailableError,
} from './video-processing.ts';

/** A stored-ready upload, whatever its kind. */
export interface ProcessedUpload {
  kind: MediaKind;
  contentType: string;
  extension: string;
  /** Photos: the re-encoded bytes. Videos: null, see `filePath`. */
  data: Buffer | null;
  /** Videos: the rewritten file (next to the upload) for the caller to move into place or remove. */
  filePath: string | null;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Always WebP. */
  thumbnail: Buffer | null;
}

export const videosUnavailable = () =>
  new HttpError(
    503,
    'VIDEO_UPLOADS_UNAVAILABLE',
    'This server cannot process videos right now, so it does not accept them; photos can still be shared.',
  );

const invalidVideo = () =>
  new HttpError(400, 'INVALID_VIDEO', 'This video could not be read; please choose another one (MP4, MOV or WebM).');

/**
 * Prepares a sniffed upload for storage. Photos are decoded and re-encoded, videos rewritten
 * with their streams copied: neither keeps any metadata (EXIF, GPS, a video's location tags,
 * bytes appended after the file). Videos are then probed for duration, size and a poster frame.
 * A video that cannot be rewritten is refused, never stored as uploaded. The client's `type`
 * only marks a video as a highlight: the bytes decide whether it is a photo or a video.
 */
export async function processUpload(file: UploadedFile, requested: MediaKind): Promise<ProcessedUpload> {
  if (file.format.kind === 'image') {
    const image = await processImage(await readFile(file.tempPath), file.format.format);
    return { kind: 'photo', ...image, filePath: null, bytes: image.data.length, durationSeconds: null };
  }
  const format = videoFormats[file.format.format];
  const cleaned = `${file.tempPath}.${format.extension}`;
  try {
    await remuxWithoutMetadata(file.tempPath, cleaned, file.format.format);
    const [info, { size }] = await Promise.all([probeVideo(cleaned), stat(cleaned)]);
    return {
      kind: requested === 'highlight' ? 'highlight' : 'video',
      contentType: format.contentType,
      extension: format.extension,
      data: null,
      filePath: cleaned,
      bytes: size,
      width: info.width,
      height: info.height,
      durationSeconds: info.durationSeconds,
      thumbnail: info.thumbnail,
    };
  } catch (error) {
    await rm(cleaned, { force: true });
    if (error instanceof UnreadableVideoError) throw invalidVideo();
    if (error instanceof VideoToolsUnavailableError) throw videosUnavailable();
    throw error;
  }
}

import { readFile } from 'node:fs/promises';
import { videoFormats, type MediaKind } from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';
import { processImage } from './image-processing.ts';
import type { UploadedFile } from './upload-form.ts';
import { probeVideo, UnreadableVideoError } from './video-processing.ts';

/** A stored-ready upload, whatever its kind. */
export interface ProcessedUpload {
  kind: MediaKind;
  contentType: string;
  extension: string;
  /** Photos: the re-encoded bytes. Videos: null, the uploaded file is kept as it is. */
  data: Buffer | null;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Always WebP. */
  thumbnail: Buffer | null;
}

/**
 * Prepares a sniffed upload for storage. Photos are decoded and re-encoded (no metadata); videos
 * are probed with ffprobe (duration, size, poster frame) when it is installed, else stored
 * without them. The client's `type` only marks a video as a highlight: the bytes decide whether
 * it is a photo or a video.
 */
export async function processUpload(file: UploadedFile, requested: MediaKind): Promise<ProcessedUpload> {
  if (file.format.kind === 'image') {
    const image = await processImage(await readFile(file.tempPath), file.format.format);
    return { kind: 'photo', ...image, bytes: image.data.length, durationSeconds: null };
  }
  const format = videoFormats[file.format.format];
  let info;
  try {
    info = await probeVideo(file.tempPath);
  } catch (error) {
    if (error instanceof UnreadableVideoError) {
      throw new HttpError(400, 'INVALID_VIDEO', 'This video could not be read; please choose another one.');
    }
    throw error;
  }
  return {
    kind: requested === 'highlight' ? 'highlight' : 'video',
    contentType: format.contentType,
    extension: format.extension,
    data: null,
    bytes: file.bytes,
    width: info.width,
    height: info.height,
    durationSeconds: info.durationSeconds,
    thumbnail: info.thumbnail,
  };
}

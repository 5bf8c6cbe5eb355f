import { detectImageFormat, type MediaKind } from '@sideline/domain';
import { processImage } from './image-processing.ts';

/** A stored-ready upload, whatever its kind. */
export interface ProcessedUpload {
  kind: MediaKind;
  contentType: string;
  extension: string;
  data: Buffer;
  width: number | null;
  height: number | null;
  /** Always WebP. */
  thumbnail: Buffer | null;
}

/**
 * Recognises an upload from its bytes and prepares it for storage; null when it is nothing we
 * accept. Photos only for now; videos (the Media Hub) get their own branch here.
 */
export async function processUpload(bytes: Buffer): Promise<ProcessedUpload | null> {
  const format = detectImageFormat(bytes);
  if (format) return { kind: 'photo', ...(await processImage(bytes, format)) };
  return null;
}

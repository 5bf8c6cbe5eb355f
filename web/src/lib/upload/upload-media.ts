import type { UploadedMedia } from '@sideline/domain';
import { apiPaths } from '../query-keys.ts';
import { postWithProgress, type UploadProgress } from './upload-request.ts';

export type { UploadProgress } from './upload-request.ts';

/** POST /api/teams/{teamId}/media/upload */
export function mediaUploadPath(teamId: string): string {
  return `${apiPaths.teamMedia(teamId)}/upload`;
}

export interface MediaUploadInput {
  teamId: string;
  file: File;
  /** Spec §7: photo or video (the Media Hub picks video for video/* files). */
  type?: 'photo' | 'video';
  /** Defaults to the file name (spec §7). */
  title?: string;
  /** Defaults to empty (spec §7). */
  description?: string;
  /** The rostered players who appear in it (ids): the server refuses one without photo consent. */
  players?: readonly string[];
  /**
   * Sent as the Idempotency-Key header: a retried upload with the same key answers with the
   * first one instead of storing the file twice. A fresh key per call by default.
   */
  idempotencyKey?: string;
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Uploads one media file (spec §7: multipart file, type, title = file name, description empty)
 * and resolves with `{ url, id, thumbnailUrl }`. Progress is reported as the bytes go out.
 */
export function uploadMedia(
  {
    teamId,
    file,
    type = 'photo',
    title = file.name,
    description = '',
    players = [],
    idempotencyKey = randomKey(),
  }: MediaUploadInput,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedMedia> {
  const body = new FormData();
  body.append('type', type);
  body.append('title', title);
  body.append('description', description);
  if (players.length > 0) body.append('players', players.join(','));
  // The file goes last: multipart parsers stream it, and the text fields are read first.
  body.append('file', file, file.name);
  return postWithProgress<UploadedMedia>({
    url: mediaUploadPath(teamId),
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...options,
  });
}

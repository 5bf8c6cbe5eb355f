import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  livestreamDecider,
  livestreamStream,
  mediaDecider,
  mediaFileUrl,
  mediaStream,
  type MediaCommand,
} from '@sideline/domain';
import type { Logger } from '@sideline/infra';
import type { Kysely } from 'kysely';
import { findLivestreamRow, type ReadModels } from '@sideline/projections';
import { uploadPath, writeFileAtomically } from '../media/media-storage.ts';
import { ffmpegAvailable, probeVideo } from '../media/video-processing.ts';
import type { CommandHandler } from '../shared/command-handler.ts';

const FFMPEG = process.env.SIDELINE_FFMPEG ?? 'ffmpeg';

/** The Media Hub id of a stream's recording: derived, so a retried save lands on the same media stream. */
export function recordingMediaId(livestreamId: string): string {
  const bytes = createHash('sha256').update(`livestream-recording\n${livestreamId}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(FFMPEG, args, { timeout: 300_000, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/**
 * The ended stream's FLV segments → one MP4 (stream copy, no metadata, index first) with a
 * poster and its duration, stored like an upload in the team's Media Hub (a `video` by the
 * stream's creator), then SaveRecording on the livestream. Runs after the stream has ended.
 */
export async function saveRecording(
  deps: { db: Kysely<ReadModels>; handle: CommandHandler; dataDir: string; logger: Logger },
  livestreamId: string,
  segments: readonly string[],
): Promise<string | null> {
  const { db, handle, dataDir, logger } = deps;
  const present: string[] = [];
  for (const s of segments) {
    const size = await stat(s).then(
      (st) => st.size,
      () => 0,
    );
    if (size > 1024) present.push(s);
  }
  if (present.length === 0) {
    logger.info({ livestreamId }, 'livestream ended without recorded video');
    return null;
  }
  if (!(await ffmpegAvailable())) {
    logger.warn({ livestreamId }, 'ffmpeg is not installed: the recording stays unprocessed');
    return null;
  }
  const row = await findLivestreamRow(db, livestreamId);
  if (!row) return null;
  const mediaId = recordingMediaId(livestreamId);
  const dir = path.dirname(present[0]!);
  const mp4 = path.join(dir, `${mediaId}.mp4`);
  const input =
    present.length === 1
      ? ['-f', 'flv', '-i', `file:${present[0]}`]
      : await (async () => {
          const list = path.join(dir, 'segments.txt');
          await writeFile(list, present.map((p) => `file '${p.replaceAll("'", "'\\''")}'`).join('\n'));
          return ['-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i', `file:${list}`];
        })();
  await ffmpeg([
    ...['-v', 'error', '-nostdin', '-y'],
    ...input,
    ...['-map', '0:V', '-map', '0:a?'],
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy'],
    ...['-fflags', '+bitexact', '-movflags', '+faststart', '-f', 'mp4', `file:${mp4}`],
  ]);
  const info = await probeVideo(mp4);
  const fileName = `${mediaId}.mp4`;
  const target = uploadPath(dataDir, row.teamId, fileName);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(mp4, target);
  const bytes = (await stat(target)).size;
  let thumbnailUrl: string | null = null;
  if (info.thumbnail) {
    const thumbName = `${mediaId}-thumb.webp`;
    await writeFileAtomically(uploadPath(dataDir, row.teamId, thumbName), info.thumbnail);
    thumbnailUrl = mediaFileUrl(thumbName);
  }
  const upload: MediaCommand = {
    type: 'RecordUpload',
    data: {
      mediaId,
      teamId: row.teamId,
      uploaderId: row.createdBy,
      kind: 'video',
      title: row.title,
      description: row.description ?? '',
      contentType: 'video/mp4',
      bytes,
      width: info.width,
      height: info.height,
      url: mediaFileUrl(fileName),
      thumbnailUrl,
      durationSeconds: info.durationSeconds,
    },
  };
  await handle(mediaDecider, mediaStream(mediaId), upload, { actorId: row.createdBy }, { waitFor: null });
  await handle(
    livestreamDecider,
    livestreamStream(livestreamId),
    {
      type: 'SaveRecording',
      data: {
        livestreamId,
        by: 'ingest',
        at: new Date().toISOString(),
        mediaId,
        durationSeconds: info.durationSeconds ?? 0,
      },
    },
    { actorId: null },
    { waitFor: null },
  );
  await Promise.all(present.map((p) => rm(p, { force: true })));
  logger.info({ livestreamId, mediaId }, 'livestream recording saved to the Media Hub');
  return mediaId;
}

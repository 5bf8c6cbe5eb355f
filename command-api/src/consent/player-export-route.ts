import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@sideline/domain';
import {
  findTeamForMember,
  playerAttendancePages,
  playerConsentRelation,
  playerConsents,
  playerMatchStatPages,
  playerMediaFiles,
  playerPlayingTime,
  playerRewards,
  playerRosterHistory,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { uploadPath } from '../media/media-storage.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { playerNotFound } from './consent-access.ts';

const playerParams = z.object({ teamId: idSchema, playerId: idSchema });

/** A JSON array written page by page: the rows are never all in memory. */
function jsonArray(pages: AsyncIterable<unknown[]>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const page of pages) {
        for (const row of page) {
          yield (first ? '\n' : ',\n') + JSON.stringify(row);
          first = false;
        }
      }
      yield '\n]\n';
    })(),
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * GET /api/teams/{teamId}/players/{playerId}/export: a guardian's copy of their child's data, as a
 * ZIP written to the response as it is read (archiver streams each entry in turn): one JSON file
 * per kind and the media files that name the child. Only a linked guardian who is still a member
 * of the team; anyone else gets 404, as for a player that does not exist.
 */
export const playerExportRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, dataDir, logger } = ctx;
  app.get(
    '/api/teams/:teamId/players/:playerId/export',
    {
      schema: {
        tags: ['consent'],
        summary:
          "A copy of the child's data for a linked guardian: a ZIP with roster history, attendance answers, match stats and playing time, rewards, consents and their history (JSON) and the media naming the child",
        params: playerParams,
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { teamId, playerId } = request.params;
      const [relation, team] = await Promise.all([
        playerConsentRelation(db, teamId, playerId, userId),
        findTeamForMember(db, teamId, userId),
      ]);
      if (!relation?.isGuardian || !team) throw playerNotFound();

      const [roster, playingTime, rewards, consents, media] = await Promise.all([
        playerRosterHistory(db, teamId, playerId),
        playerPlayingTime(db, playerId),
        playerRewards(db, playerId),
        playerConsents(db, teamId, playerId, { canAnswer: true }),
        playerMediaFiles(db, playerId),
      ]);
      const zip = archiver('zip', { zlib: { level: 6 } });
      zip.on('warning', (err) => logger.warn({ err, playerId }, 'player export: entry skipped'));
      zip.on('error', (err) => {
        logger.warn({ err, playerId }, 'player export failed');
        reply.raw.destroy(err);
      });
      zip.append(json(roster), { name: 'roster-history.json' });
      zip.append(jsonArray(playerAttendancePages(db, playerId)), { name: 'attendance.json' });
      zip.append(jsonArray(playerMatchStatPages(db, playerId)), { name: 'match-stats.json' });
      zip.append(json(playingTime), { name: 'playing-time.json' });
      zip.append(json(rewards), { name: 'rewards.json' });
      zip.append(json(consents), { name: 'consents.json' });
      const files: Array<(typeof media)[number] & { file: string | null }> = [];
      for (const item of media) {
        const name = item.url.split('/').pop() ?? '';
        const filePath = safeUploadPath(dataDir, item.teamId, name);
        const present =
          filePath !== null &&
          (await access(filePath).then(
            () => true,
            () => false,
          ));
        files.push({ ...item, file: present ? `media/${name}` : null });
        if (present) zip.append(createReadStream(filePath), { name: `media/${name}` });
      }
      zip.append(json(files), { name: 'media.json' });
      void zip.finalize();
      const safeName = roster.player?.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'player';
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="sideline-${safeName}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};

function safeUploadPath(dataDir: string, teamId: string, file: string): string | null {
  try {
    return uploadPath(dataDir, teamId, file);
  } catch {
    return null;
  }
}

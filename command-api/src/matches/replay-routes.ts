import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, seasonStatsStreamQuerySchema, statsStreamQuerySchema } from '@sideline/domain';
import { parsePosition, teamSubject, type BusMessage } from '@sideline/infra';
import { findMatchRow, seasonMatches, seasonOrgId, seasonStanding } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { analyticsReader, requireMatchForReader } from './match-access.ts';
import { errorBody } from './matches-routes.ts';
import { matchReplay, seasonReplay, Wakeup } from './stat-replay.ts';

const DEFAULT_HEARTBEAT_SECONDS = 15;
/** Every team's match notices (teamSubject(teamId, 'match')), and nothing else of theirs. */
const matchNoticesSubject = 'sideline.team.*.match';
/** Seconds between heartbeat lines while following (proxies close idle responses after ~60 s). */
const heartbeatQuery = z.coerce.number().int().min(1).max(60).optional();
const following = (follow: string | undefined) => follow === '1' || follow === 'true';

const matchNoticeOf = (message: BusMessage): string | null => {
  const data = message.data as { type?: unknown; payload?: { matchId?: unknown } } | null;
  return data?.type === 'match_updated' && typeof data.payload?.matchId === 'string' ? data.payload.matchId : null;
};

/** Streams the generator as NDJSON; the response's end (or the client leaving) aborts it. */
function sendNdjson(reply: FastifyReply, lines: (signal: AbortSignal) => AsyncGenerator<string>, cleanup: () => void) {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    controller.abort();
    cleanup();
  });
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(lines(controller.signal), { objectMode: false }));
}

/**
 * Analytics replays of match statistics as NDJSON: one line per stat event (recorded, amended,
 * retracted) with its revision and global position, so a consumer can resume. A session (members
 * of either team, the organization's admins) or an organization's API token opens them.
 */
export const replayRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, eventStore, bus } = ctx;

  app.get(
    '/api/matches/:matchId/stats/stream',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'The match’s stat events as NDJSON in log order (`revision`, `position`, `type`, `side` (teamA, teamB or opponent), `data`, `actorId`, `recordedAt`); `from=REVISION` resumes (inclusive); `follow=1` stays open while the match is scheduled or in progress (heartbeat lines `{"type":"heartbeat"}` every `heartbeat` seconds, default 15) and ends when it completes',
        params: z.object({ matchId: idSchema }),
        querystring: statsStreamQuerySchema.extend({ heartbeat: heartbeatQuery }),
        response: { 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const reader = await analyticsReader(db, request);
      const match = await requireMatchForReader(db, request.params.matchId, reader);
      const { from, follow, heartbeat } = request.query;
      const wakeup = new Wakeup();
      const unsubscribe = following(follow)
        ? bus.subscribe(teamSubject(match.teamA.id, 'match'), (message) => {
            if (matchNoticeOf(message) === match.id) wakeup.notify();
          })
        : () => undefined;
      return sendNdjson(
        reply,
        (signal) =>
          matchReplay(
            eventStore,
            match.id,
            from ?? 0,
            following(follow)
              ? {
                  wakeup,
                  signal,
                  heartbeatMs: (heartbeat ?? DEFAULT_HEARTBEAT_SECONDS) * 1000,
                  finished: async () => {
                    const status = (await findMatchRow(db, match.id))?.status;
                    return status === 'complete' || status === 'cancelled';
                  },
                }
              : null,
          ),
        unsubscribe,
      );
    },
  );

  app.get(
    '/api/seasons/:seasonId/stats/stream',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "The stat events of all the season's matches as NDJSON in log order; `from=POSITION` (a line's `position`) resumes after it; `follow=1` stays open while one of its matches is scheduled or in progress. The organization's admins, or its API token",
        params: z.object({ seasonId: idSchema }),
        querystring: seasonStatsStreamQuerySchema.extend({ heartbeat: heartbeatQuery }),
        response: { 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const reader = await analyticsReader(db, request);
      const { seasonId } = request.params;
      const allowed =
        reader.kind === 'token'
          ? (await seasonOrgId(db, seasonId)) === reader.orgId
          : (await seasonStanding(db, seasonId, reader.userId))?.isOrgAdmin === true;
      if (!allowed) throw new HttpError(404, 'SEASON_NOT_FOUND', 'Season not found');
      const { from, follow, heartbeat } = request.query;
      const wakeup = new Wakeup();
      let matchIds = new Set<string>();
      const unsubscribe = following(follow)
        ? bus.subscribe(matchNoticesSubject, (message) => {
            const matchId = matchNoticeOf(message);
            if (matchId && matchIds.has(matchId)) wakeup.notify();
          })
        : () => undefined;
      const matches = async () => {
        const list = await seasonMatches(db, seasonId);
        matchIds = new Set(list.map((m) => m.id));
        return list;
      };
      return sendNdjson(
        reply,
        (signal) =>
          seasonReplay(
            eventStore,
            async () => (await matches()).map((m) => m.id),
            from ? parsePosition(from) : null,
            following(follow)
              ? {
                  wakeup,
                  signal,
                  heartbeatMs: (heartbeat ?? DEFAULT_HEARTBEAT_SECONDS) * 1000,
                  live: async () =>
                    (await matches()).some((m) => m.status === 'scheduled' || m.status === 'in_progress'),
                }
              : null,
          ),
        unsubscribe,
      );
    },
  );
};

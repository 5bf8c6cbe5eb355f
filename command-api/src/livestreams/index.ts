import type { FastifyPluginAsync } from 'fastify';
import type { FeatureContext } from '../shared/feature-context.ts';
import { livestreamHlsRoutes } from './hls-routes.ts';
import { LivestreamIngest } from './ingest.ts';
import { livestreamPlaybackRoutes, livestreamsRoutes as routes } from './livestream-routes.ts';
import { saveRecording } from './recording.ts';

/**
 * Livestreams: the API routes, HTTP-FLV and HLS playback and (when RTMP_ENABLED, in a process that
 * serves the API) the RTMP ingest on RTMP_PORT, started and stopped with the app.
 */
export const livestreamsRoutes: FastifyPluginAsync<FeatureContext> = async (app, ctx) => {
  const { config, logger } = ctx;
  let ingest: LivestreamIngest | null = null;
  if (config.RTMP_ENABLED && (config.SIDELINE_ROLE === 'all' || config.SIDELINE_ROLE === 'api')) {
    let recordings: Promise<unknown> = Promise.resolve();
    const candidate = new LivestreamIngest({
      db: ctx.db,
      handle: ctx.handle,
      bus: ctx.bus,
      logger: logger.child({ component: 'rtmp' }),
      dataDir: ctx.dataDir,
      host: config.RTMP_HOST ?? config.HOST,
      port: config.RTMP_PORT,
      graceMs: config.LIVESTREAM_GRACE_SECONDS * 1000,
      // One recording at a time: ffmpeg copies streams, but the machine is small.
      onRecorded: (livestreamId, segments) => {
        recordings = recordings
          .then(() => saveRecording(ctx, livestreamId, segments))
          .catch((err: unknown) => logger.warn({ err, livestreamId }, 'livestream recording could not be saved'));
      },
    });
    if (await candidate.start()) ingest = candidate;
    app.addHook('onClose', async () => {
      await candidate.stop();
      await recordings;
    });
  }
  const livestreamsCtx = { ...ctx, ingest };
  await app.register(routes, livestreamsCtx);
  await app.register(livestreamPlaybackRoutes, livestreamsCtx);
  await app.register(livestreamHlsRoutes, livestreamsCtx);
};

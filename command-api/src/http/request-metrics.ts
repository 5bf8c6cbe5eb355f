import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '@sideline/infra';

/**
 * Observes every answered request in `sideline_http_request_duration_seconds`, labelled with the
 * route's pattern (`/api/teams/:teamId/messages`, never the raw URL, so ids do not become
 * series), the method and the status. A callback hook rather than an async one, and Fastify's
 * own timing (`reply.elapsedTime`): the reads bench measures every microsecond of a request.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        // Unmatched URLs (404s, the SPA's fallback) share one label.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app. Unknown `/api/...` paths answer 404 JSON; any other unknown path
 * gets the SPA, whose router shows the 404 page.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasSpa = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasSpa || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

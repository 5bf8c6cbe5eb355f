import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../shared/http-errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sideline's own origin: PUBLIC_ORIGIN when set (behind a proxy), else the request's own host. */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ? new URL(publicOrigin).origin : `${request.protocol}://${request.host}`;
}

/** True when the request carries no cross-origin signal a browser would send. */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === ownOrigin(request, publicOrigin);
}

/**
 * Refuses state-changing requests a browser sends from another origin (CSRF defence in depth on
 * top of SameSite=Lax cookies). Non-browser clients send neither header and pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new HttpError(403, 'CROSS_ORIGIN', 'Requests from other sites are not allowed');
    }
  });
}

/** The host a person types to reach a server listening on `host` (all interfaces: localhost). */
export function shownHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

import type { FastifyRequest } from 'fastify';
import type { RealtimeOptions } from './options.ts';

/**
 * Same origin: the Origin's host:port is the host the request was addressed to (request.host
 * honours X-Forwarded-Host when the app trusts its proxy). A missing Origin is refused: every
 * browser sends one on a WebSocket upgrade, and non-browser clients have no session cookie to
 * protect anyway.
 */
export function sameHostOrigin(request: FastifyRequest): boolean {
  const origin = parseOrigin(request.headers.origin);
  return origin !== null && origin.host === request.host;
}

export function originCheck(allowed: RealtimeOptions['allowedOrigins']): (request: FastifyRequest) => boolean {
  if (allowed === undefined) return sameHostOrigin;
  if (typeof allowed === 'function') return allowed;
  const origins = new Set(
    allowed.map((value) => {
      const parsed = parseOrigin(value);
      if (!parsed) throw new TypeError(`allowedOrigins: "${value}" is not an origin`);
      return parsed.origin;
    }),
  );
  return (request) => {
    const origin = parseOrigin(request.headers.origin);
    return origin !== null && origins.has(origin.origin);
  };
}

function parseOrigin(value: string | undefined): URL | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

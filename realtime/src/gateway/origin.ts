import type { FastifyRequest } from 'fastify';
import type { RealtimeOptions } from './options.ts';

/**
 * Why the Origin is checked at all: a browser sends the site's cookie on a WebSocket upgrade
 * that any page opens (cross-site WebSocket hijacking), and always says which page with Origin.
 * An upgrade without Origin does not come from a browser page (Python, Go, curl clients), so
 * there is no page to defend against: it passes here and still needs a session like any other.
 * An Origin that is present must be an allowed one; `null` (sandboxed frames, file pages) and
 * anything unparsable are refused.
 */
const fromNoBrowserPage = (request: FastifyRequest) => request.headers.origin === undefined;

/**
 * Same origin: the Origin's host:port is the host the request was addressed to (request.host
 * honours X-Forwarded-Host when the app trusts its proxy), or no Origin at all (not a browser).
 */
export function sameHostOrigin(request: FastifyRequest): boolean {
  if (fromNoBrowserPage(request)) return true;
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
    if (fromNoBrowserPage(request)) return true;
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

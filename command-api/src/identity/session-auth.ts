import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../shared/http-errors.ts';
import type { SessionStore } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, resolved from the session cookie; null when signed out. */
    userId: string | null;
    sessionToken: string | null;
  }
}

export interface SessionCookie {
  name: string;
  secure: boolean;
  maxAgeSeconds: number;
}

/** `__Host-` prefix and Secure behind https; a plain name on http://localhost. */
export function sessionCookie(publicOrigin: string | undefined, ttlDays: number): SessionCookie {
  const secure = publicOrigin?.startsWith('https://') ?? false;
  return { name: secure ? '__Host-sideline_session' : 'sideline_session', secure, maxAgeSeconds: ttlDays * 86_400 };
}

export function registerSessionAuth(app: FastifyInstance, sessions: SessionStore, cookie: SessionCookie): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    const token = request.cookies[cookie.name];
    if (!token) return;
    const session = await sessions.resolve(token);
    if (session) {
      request.userId = session.userId;
      request.sessionToken = token;
    }
  });
}

/**
 * The signed-in hint: a cookie the page's script may read, holding no secret (`1`), that says a
 * session cookie was set. The web app's first script reads it to send a signed-out visitor to the
 * sign-in screen before the signed-in app downloads; the session cookie itself stays HttpOnly.
 * It only steers: every request is still authorised by the session.
 */
export function signedInHintName(cookie: SessionCookie): string {
  return cookie.secure ? '__Host-sideline_signed_in' : 'sideline_signed_in';
}

function setSignedInHint(reply: FastifyReply, cookie: SessionCookie): void {
  void reply.setCookie(signedInHintName(cookie), '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.maxAgeSeconds,
  });
}

function clearSignedInHint(reply: FastifyReply, cookie: SessionCookie): void {
  void reply.clearCookie(signedInHintName(cookie), { path: '/', sameSite: 'lax', secure: cookie.secure });
}

/**
 * Keeps the hint in step with the session on `GET /api/user`, which the app asks on every start:
 * set when a valid session comes without it (a session older than the hint), cleared when it
 * comes without a valid session (expired, revoked, signed out elsewhere).
 */
export function registerSignedInHint(app: FastifyInstance, cookie: SessionCookie): void {
  const hint = signedInHintName(cookie);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && request.routeOptions.url === '/api/user') {
      const hinted = request.cookies[hint] === '1';
      if (request.userId && !hinted) setSignedInHint(reply, cookie);
      else if (!request.userId && request.cookies[hint] !== undefined) clearSignedInHint(reply, cookie);
    }
    done(null, payload);
  });
}

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string): void {
  void reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.maxAgeSeconds,
  });
  setSignedInHint(reply, cookie);
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  void reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
  clearSignedInHint(reply, cookie);
}

export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
  return request.userId;
}

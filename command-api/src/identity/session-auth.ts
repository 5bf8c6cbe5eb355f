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

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string): void {
  void reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  void reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
}

export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
  return request.userId;
}

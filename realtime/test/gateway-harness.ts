import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Bus } from '@sideline/infra';
import { realtimePlugin, type RealtimeOptions, type RealtimeSession, type RealtimeUser } from '../src/index.ts';
import { TestClient, type ConnectOptions } from './ws-client.ts';

/**
 * A test double for what command-api injects: sessions keyed by a `sid` cookie (the sid is also
 * the session id the gateway sees) and team memberships from a plain map. The real session store
 * and membership read model live in command-api/projections; the gateway only sees these
 * functions. `teamsOfCalls` counts membership lookups (each one is a database query for real),
 * and `holdTeamsOf()` makes lookups wait until released (a slow database).
 */
export class StubSessionsAndTeams {
  private readonly sessions = new Map<string, RealtimeUser>();
  private readonly teams = new Map<string, string[]>();
  teamsOfCalls = 0;
  private held: Array<() => void> | null = null;

  signIn(user: RealtimeUser, teamIds: string[], sid = `sid-${user.id}`): string {
    this.sessions.set(sid, user);
    this.teams.set(user.id, teamIds);
    return `sid=${sid}`;
  }

  /** Ends a session in the store (sign-out or expiry) without telling anyone. */
  endSession(cookie: string): void {
    this.sessions.delete(cookie.replace(/^sid=/, ''));
  }

  setTeams(userId: string, teamIds: string[]): void {
    this.teams.set(userId, teamIds);
  }

  /** Membership lookups wait from now until the returned function is called. */
  holdTeamsOf(): () => void {
    this.held = [];
    return () => {
      const waiting = this.held ?? [];
      this.held = null;
      for (const release of waiting) release();
    };
  }

  authenticate = async (request: FastifyRequest): Promise<RealtimeSession | null> => {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const user = sid ? this.sessions.get(sid) : undefined;
    return sid && user ? { user, sessionId: sid } : null;
  };

  activeSessions = async (sessionIds: readonly string[]): Promise<string[]> =>
    sessionIds.filter((sid) => this.sessions.has(sid));

  teamsOf = async (userId: string): Promise<string[]> => {
    this.teamsOfCalls++;
    if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
    return this.teams.get(userId) ?? [];
  };
}

export interface Gateway {
  app: FastifyInstance;
  url: string;
  connect(options?: ConnectOptions): Promise<TestClient>;
  close(): Promise<void>;
}

/** A real Fastify app listening on 127.0.0.1 with the realtime plugin, and real clients. */
export async function startGateway(
  bus: Bus,
  stub: StubSessionsAndTeams,
  overrides: Partial<RealtimeOptions> = {},
): Promise<Gateway> {
  const app = Fastify({ logger: false });
  await app.register(realtimePlugin, {
    bus,
    authenticate: stub.authenticate,
    activeSessions: stub.activeSessions,
    teamsOf: stub.teamsOf,
    ...overrides,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const url = `ws://127.0.0.1:${address.port}/ws`;
  const clients: TestClient[] = [];
  return {
    app,
    url,
    async connect(options) {
      const client = await TestClient.connect(url, options);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.socket.terminate();
      await app.close();
    },
  };
}

export const alice: RealtimeUser = { id: 'u-alice', name: 'Alice', role: 'coach' };
export const bob: RealtimeUser = { id: 'u-bob', name: 'Bob', role: 'parent' };
export const carol: RealtimeUser = { id: 'u-carol', name: 'Carol', role: 'player' };

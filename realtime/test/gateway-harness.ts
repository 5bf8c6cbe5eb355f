import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Bus } from '@sideline/infra';
import { realtimePlugin, type RealtimeOptions, type RealtimeUser } from '../src/index.ts';
import { TestClient, type ConnectOptions } from './ws-client.ts';

/**
 * A test double for what command-api injects: sessions keyed by a `sid` cookie and team
 * memberships from a plain map. The real session store and membership read model live in
 * command-api/projections; the gateway only sees these two functions.
 */
export class StubSessionsAndTeams {
  private readonly sessions = new Map<string, RealtimeUser>();
  private readonly teams = new Map<string, string[]>();

  signIn(user: RealtimeUser, teamIds: string[]): string {
    const sid = `sid-${user.id}`;
    this.sessions.set(sid, user);
    this.teams.set(user.id, teamIds);
    return `sid=${sid}`;
  }

  setTeams(userId: string, teamIds: string[]): void {
    this.teams.set(userId, teamIds);
  }

  authenticate = async (request: FastifyRequest): Promise<RealtimeUser | null> => {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    return (sid && this.sessions.get(sid)) || null;
  };

  teamsOf = async (userId: string): Promise<string[]> => this.teams.get(userId) ?? [];
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

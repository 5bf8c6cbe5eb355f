import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { userDecider, userStream, type Decider, type UserRole } from '@sideline/domain';
import { sessionClient, type ApiClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * API tests in Emmett's ApiSpecification shape: given facts, when a request, then its answer and
 * the events it appended.
 *
 * The facts are commands the real deciders decide (through the server's command handler, which
 * waits for the read models), so a test starts from what production could have recorded, without
 * signing up and clicking through the API first. The request is sent over HTTP as the given
 * person, with a session made for them directly.
 */

/** A command for a decider on a stream: one fact of a test's starting point. */
export interface Fact {
  run(server: TestServer): Promise<unknown>;
}

export function fact<C, E extends { type: string; data: unknown }, S>(
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  actorId: string | null = null,
): Fact {
  return { run: (test) => test.server.handle(decider, stream, command, { actorId }) };
}

/** A person who has registered: their id, and the fact of their registration. */
export interface Person {
  id: string;
  name: string;
  registered: Fact;
}

export function person(name: string, role: Exclude<UserRole, 'org_admin'>): Person {
  const id = randomUUID();
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${id.slice(0, 8)}@example.com`;
  return {
    id,
    name,
    registered: fact(
      userDecider,
      userStream(id),
      { type: 'RegisterUser', data: { userId: id, name, email, role } },
      id,
    ),
  };
}

/** Records the facts in order (each after the one before has been applied to the read models). */
export async function given(server: TestServer, ...facts: readonly Fact[]): Promise<void> {
  for (const f of facts) await f.run(server);
}

/** A signed-in client for `userId`, with a session made directly (no password round trip). */
export async function signedIn(server: TestServer, userId: string): Promise<ApiClient> {
  const token = await server.server.sessions.create(userId, { userAgent: 'api-spec' });
  return sessionClient(server.url, `sideline_session=${token}`, userId);
}

/** What a request appended: the events on `stream` after its revision before the request. */
export interface Appended {
  response: Response;
  /** The events appended to `stream` by the request, oldest first. */
  events(stream: string): Promise<Array<{ type: string; data: unknown }>>;
}

/**
 * Sends the request, remembering each stream's revision first, so `then` can read what exactly
 * this request appended.
 */
export async function when(
  server: TestServer,
  streams: readonly string[],
  request: () => Promise<Response>,
): Promise<Appended> {
  const before = new Map<string, number>();
  for (const stream of streams) before.set(stream, (await server.eventStore.readStream(stream)).length);
  const response = await request();
  return {
    response,
    async events(stream) {
      const from = before.get(stream);
      if (from === undefined) throw new Error(`${stream} was not named in when(): its revision before is unknown`);
      const events = await server.eventStore.readStream(stream, { fromRevision: from });
      return events.map(({ type, data }) => ({ type, data }));
    },
  };
}

/** Then: the request answered `status`, and appended exactly `expected` (each matched as a subset) to `stream`. */
export async function thenAppended(
  result: Appended,
  status: number,
  stream: string,
  expected: ReadonlyArray<{ type: string; data?: unknown }>,
): Promise<void> {
  expect(result.response.status, await describe(result.response)).toBe(status);
  const events = await result.events(stream);
  expect(events).toHaveLength(expected.length);
  expected.forEach((event, i) => expect(events[i]).toMatchObject(event));
}

async function describe(response: Response): Promise<string> {
  return `${response.status} ${await response.clone().text()}`;
}

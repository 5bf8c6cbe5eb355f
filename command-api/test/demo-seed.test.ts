import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoPeople, describeDemo, findDemo, seedDemo } from '../src/seed/demo-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('demo seed', () => {
  it('creates a coach, a parent and a player in one team with a short chat, all as events', async () => {
    const result = await seedDemo(server.server.app, server.database.db);
    expect(result?.people.map((p) => p.role)).toEqual(['coach', 'parent', 'player']);
    expect(describeDemo(result!)).toContain('coach@sideline.demo');

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoPeople[1].email, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const teams = (await (await fetch(`${server.url}/api/teams`, { headers: { cookie } })).json()) as Array<{
      id: string;
      name: string;
      memberCount: number;
    }>;
    expect(teams).toMatchObject([{ name: 'Riverside Hawks', memberCount: 3 }]);
    const messages = (await (
      await fetch(`${server.url}/api/teams/${teams[0]!.id}/messages`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(messages.length).toBeGreaterThanOrEqual(4);

    const log = await server.eventStore.readAll({ limit: 100 });
    expect(new Set(log.map((e) => e.type))).toEqual(
      new Set(['UserRegistered', 'TeamCreated', 'MemberJoined', 'MessageSent', 'EventScheduled', 'RsvpRecorded']),
    );
    const upcoming = (await (
      await fetch(`${server.url}/api/teams/${teams[0]!.id}/events/upcoming`, { headers: { cookie } })
    ).json()) as Array<{ title: string; rsvps: Array<{ status: string }> }>;
    expect(upcoming[0]).toMatchObject({ title: 'Team practice', rsvps: [{ status: 'yes' }] });
    expect(await findDemo(server.database.db)).toMatchObject({
      teamName: 'Riverside Hawks',
      teamCode: result!.teamCode,
    });
  });

  it('never runs against a database that already has users', async () => {
    expect(await seedDemo(server.server.app, server.database.db)).toBeNull();
  });
});

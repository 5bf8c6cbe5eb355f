import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatDecider, chatStream } from '@sideline/domain';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let team: { id: string; code: string };

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/**
 * Chat sends wait for the chat read model only; rewards follow a moment later (eventually
 * consistent), so reads that expect a reward poll briefly.
 */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const rewardsOf = async (client: ApiClient, query = '') => readJson(await client.get(`/api/rewards/me${query}`));

const send = async (client: ApiClient, text: string) => {
  const response = await client.post(`/api/teams/${team.id}/messages`, { text });
  expect(response.status).toBe(201);
};

describe('rewards over HTTP', () => {
  it('starts at zero with every badge locked', async () => {
    const me = await readJson(await coach.get('/api/rewards/me'));
    expect(me).toMatchObject({ xp: 0, dulars: 0, streak: 0, history: [], nextCursor: null });
    expect(me.badges.length).toBeGreaterThan(5);
    expect(me.badges.every((b: { earnedAt: string | null }) => b.earnedAt === null)).toBe(true);
  });

  it('given a first message, then 2 XP, 1 dular, a 1-day streak and the First Message badge (also on GET /api/user)', async () => {
    await send(parent, 'Is practice still on?');
    const me = await eventually(
      () => rewardsOf(parent),
      (r) => r.xp === 2,
    );
    expect(me).toMatchObject({ xp: 2, dulars: 1, streak: 1 });
    expect(me.history).toEqual([
      { action: 'chat_message', label: 'Chat message', xp: 2, dulars: 1, at: expect.any(String), teamId: team.id },
    ]);
    const firstMessage = me.badges.find((b: { id: string }) => b.id === 'first_message');
    expect(firstMessage).toMatchObject({ name: 'First Message', earnedAt: expect.any(String) });
    expect(me.badges.find((b: { id: string }) => b.id === 'chatterbox').earnedAt).toBeNull();
    expect(await readJson(await parent.get('/api/user'))).toMatchObject({ xp: 2, dulars: 1, streak: 1 });
  });

  it('when messages keep coming, XP stops at the daily cap (20 XP) and spam earns nothing more', async () => {
    for (let i = 0; i < 12; i++) await send(coach, `message ${i}`);
    const me = await eventually(
      () => rewardsOf(coach, '?limit=5'),
      (r) => r.history.length === 5 && r.nextCursor !== null && r.xp === 20,
    );
    expect(me).toMatchObject({ xp: 20, dulars: 10, streak: 1 });
    expect(me.history).toHaveLength(5);
    expect(me.nextCursor).toEqual(expect.any(String));
    const next = await readJson(await coach.get(`/api/rewards/me?limit=5&before=${me.nextCursor}`));
    expect(next.history).toHaveLength(5);
    expect(next.nextCursor).toBeNull();
    expect(await readJson(await coach.get('/api/user'))).toMatchObject({ xp: 20, dulars: 10, streak: 1 });
    // The other member's numbers are untouched.
    expect((await readJson(await parent.get('/api/rewards/me'))).xp).toBe(2);
  });

  it('serves the reward table with the spec match figures', async () => {
    const table = await readJson(await parent.get('/api/rewards/table'));
    const byAction = Object.fromEntries(table.rules.map((r: { action: string }) => [r.action, r]));
    expect(byAction.chat_message).toMatchObject({ xp: 2, dulars: 1, dailyXpCap: 20, available: true });
    expect(byAction.goal).toMatchObject({ xp: 20, dulars: 10, available: true });
    expect(byAction.touchdown).toMatchObject({ xp: 35, dulars: 17, available: true });
    expect(byAction.eagle).toMatchObject({ xp: 50, dulars: 25, available: false });
    expect(table.badges.map((b: { id: string }) => b.id)).toContain('first_message');
    expect(table.streak).toMatch(/consecutive days/);
  });

  it('given activity days ago, GET /api/user and GET /api/rewards/me agree on the streak (one rule, decayed)', async () => {
    const [lapsed, steady] = await Promise.all([
      signUp(server.url, 'parent', 'Lapsed Parent'),
      signUp(server.url, 'parent', 'Steady Parent'),
    ]);
    for (const client of [lapsed, steady]) {
      expect((await client.post('/api/teams/join', { code: team.code })).status).toBe(200);
    }
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    // Messages decided by the real chat decider, recorded on past days through the command handler.
    const sentOn = async (client: ApiClient, when: Date) => {
      const command = {
        type: 'SendMessage' as const,
        data: { teamId: team.id, messageId: randomUUID(), userId: client.userId, text: 'hi', mediaUrl: null },
      };
      await server.server.handle(chatDecider, chatStream(team.id), command, { actorId: client.userId, now: when });
    };
    await sentOn(lapsed, daysAgo(5));
    await sentOn(lapsed, daysAgo(4));
    await sentOn(steady, daysAgo(2));
    await sentOn(steady, daysAgo(1));

    const streaks = async (client: ApiClient) => ({
      user: (await readJson(await client.get('/api/user'))).streak,
      rewards: (await rewardsOf(client)).streak,
    });
    // A two-day streak that ended four days ago is over; one that ended yesterday still holds.
    expect(await streaks(lapsed)).toEqual({ user: 0, rewards: 0 });
    expect(await streaks(steady)).toEqual({ user: 2, rewards: 2 });
    expect((await rewardsOf(lapsed)).xp).toBe(4);
  });

  it('refuses signed-out callers and bad cursors', async () => {
    expect((await fetch(`${server.url}/api/rewards/me`)).status).toBe(401);
    expect((await parent.get('/api/rewards/me?before=nope')).status).toBe(400);
    expect((await parent.get('/api/rewards/me?limit=0')).status).toBe(400);
  });
});

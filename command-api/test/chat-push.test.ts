import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { noticesSettled, startPushedServer, stopPushedServer, subscribedDevice } from './push-fixture.ts';
import type { FakeSubscription, LocalPushService } from './push-service.ts';
import { SocketClient } from './socket-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * Chat pushes: a message reaches the team's members who are not in its chat room (on any
 * gateway), at most one push per team per two minutes per person; what comes meanwhile is
 * summarised when the two minutes are over. The clock the sender runs by is moved by the test.
 */
let server: TestServer;
let pushService: LocalPushService;
let offsetMs = 0;

beforeAll(async () => {
  ({ server, pushService } = await startPushedServer({
    clock: () => new Date(Date.now() + offsetMs),
    chatDigestPollMs: 100,
  }));
});
afterAll(async () => {
  await stopPushedServer({ server, pushService });
});

let ip = 0;
const account = (role: 'coach' | 'parent', name?: string) =>
  signUp(server.url, role, name, { forwardedFor: `192.0.2.${++ip}` });

const device = (client: ApiClient) => subscribedDevice(pushService, client);

const chatPushes = (d: FakeSubscription) =>
  pushService.receivedBy(d).filter((r) => String(r.payload.tag).startsWith('chat-'));

const settled = () => noticesSettled(server);

describe('chat pushes', () => {
  it('skip members in the chat room, reach the others once per 2 minutes, then summarise what came meanwhile', async () => {
    const coach = await account('coach', 'Casey Coach');
    const team = (await readJson(
      await coach.post('/api/teams', { name: 'Riverside Hawks', sport: 'Soccer', ageGroup: 'U12' }),
    )) as { id: string; code: string };
    const [reader, away, silent] = [
      await account('parent', 'Rita Reader'),
      await account('parent', 'Alex Away'),
      await account('parent', 'Sid Silent'),
    ];
    for (const p of [reader, away, silent])
      expect((await p.post('/api/teams/join', { code: team.code })).status).toBe(200);
    const [coachPhone, readerPhone, awayPhone, silentPhone] = [
      await device(coach),
      await device(reader),
      await device(away),
      await device(silent),
    ];
    await silent.put('/api/user/notification-preferences', {
      chatMessages: false,
      eventChanges: true,
      eventReminders: true,
      mediaShared: true,
    });
    const socket = await SocketClient.open(server, reader);
    expect(await socket.join([team.id])).toEqual([team.id]);
    await expect
      .poll(async () =>
        (
          await server.database.db
            .selectFrom('chat_room_presence')
            .select('user_id')
            .where('team_id', '=', team.id)
            .execute()
        ).map((r) => r.user_id),
      )
      .toEqual([reader.userId]);

    const send = (text: string) => coach.post(`/api/teams/${team.id}/messages`, { text });
    expect((await send('Bring water')).status).toBe(201);
    await expect.poll(() => chatPushes(awayPhone).length, { timeout: 5_000 }).toBe(1);
    await settled();
    expect(chatPushes(awayPhone)[0]!.payload).toEqual({
      title: 'Casey Coach in Riverside Hawks',
      body: 'Bring water',
      url: `/chat/${team.id}`,
      tag: `chat-${team.id}`,
      noticeId: expect.any(String),
    });
    for (const d of [readerPhone, silentPhone, coachPhone]) expect(chatPushes(d)).toEqual([]);

    // Three more within the two minutes: held.
    for (const text of ['And snacks', 'Kick-off at 10', 'See you']) expect((await send(text)).status).toBe(201);
    offsetMs = 60_000;
    await settled();
    await new Promise((r) => setTimeout(r, 400));
    expect(chatPushes(awayPhone)).toHaveLength(1);

    // The window is over: one summary with the count.
    offsetMs = 2 * 60_000 + 1_000;
    await expect.poll(() => chatPushes(awayPhone).length, { timeout: 5_000 }).toBe(2);
    await settled();
    expect(chatPushes(awayPhone)[1]!.payload).toMatchObject({
      title: '3 new messages in Riverside Hawks',
      url: `/chat/${team.id}`,
    });
    for (const d of [readerPhone, silentPhone, coachPhone]) expect(chatPushes(d)).toEqual([]);

    // The reader leaves the room: the next message (a new window for them) reaches them.
    socket.socket.close();
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .selectFrom('chat_room_presence')
              .select('user_id')
              .where('team_id', '=', team.id)
              .execute()
          ).length,
      )
      .toBe(0);
    expect((await send('Game moved to field 2')).status).toBe(201);
    await expect.poll(() => chatPushes(readerPhone).length, { timeout: 5_000 }).toBe(1);
    await settled();
    // Alex's window began with the summary a moment ago: this one is held for the next.
    expect(chatPushes(awayPhone)).toHaveLength(2);
  });
});

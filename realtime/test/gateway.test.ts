import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busReconnectedSubject, createInProcessBus, type Bus } from '@sideline/infra';
import {
  publishSessionRevoked,
  publishToTeam,
  publishToUser,
  type SendMessageInput,
  type RealtimeUser,
} from '../src/index.ts';
import { alice, bob, carol, startGateway, StubSessionsAndTeams, type Gateway } from './gateway-harness.ts';
import { RefusedUpgrade, type TestClient } from './ws-client.ts';

// The real Fastify app and real `ws` clients over TCP, on the in-process bus. Sessions and team
// memberships are a stub (StubSessionsAndTeams): their real store lives in command-api.

describe('realtime gateway /ws (in-process bus, stubbed session and team lookup)', () => {
  let bus: Bus;
  let stub: StubSessionsAndTeams;
  let gateway: Gateway;
  let aliceCookie: string;
  let bobCookie: string;
  let carolCookie: string;

  beforeEach(async () => {
    bus = createInProcessBus();
    stub = new StubSessionsAndTeams();
    aliceCookie = stub.signIn(alice, ['t1', 't3']);
    bobCookie = stub.signIn(bob, ['t1']);
    carolCookie = stub.signIn(carol, ['t2']);
  });

  afterEach(async () => {
    await gateway?.close();
    await bus.close();
  });

  async function start(overrides: Parameters<typeof startGateway>[2] = {}): Promise<Gateway> {
    gateway = await startGateway(bus, stub, overrides);
    return gateway;
  }

  describe('upgrade', () => {
    it('refuses an anonymous upgrade with 401 before any socket exists', async () => {
      await start();
      for (const cookie of [undefined, 'sid=forged']) {
        const refused = await gateway.connect(cookie ? { cookie } : {}).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RefusedUpgrade);
        expect((refused as RefusedUpgrade).statusCode).toBe(401);
        expect(JSON.parse((refused as RefusedUpgrade).body)).toMatchObject({ code: 'unauthenticated' });
      }
      expect(gateway.app.realtimeStats().connections).toBe(0);
    });

    it('refuses a foreign Origin with 403, even with a valid session', async () => {
      await start();
      for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
        const refused = await gateway.connect({ cookie: aliceCookie, origin }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RefusedUpgrade);
        expect((refused as RefusedUpgrade).statusCode).toBe(403);
      }
      const sameOrigin = await gateway.connect({ cookie: aliceCookie });
      expect(await sameOrigin.join(['t1'])).toEqual(['t1']);
    });

    it('lets a client that is not a browser (no Origin) in with a session, and not without one', async () => {
      await start();
      const script = await gateway.connect({ cookie: aliceCookie, origin: null });
      expect(await script.join(['t1'])).toEqual(['t1']);
      const anonymous = await gateway.connect({ origin: null }).catch((e: unknown) => e);
      expect((anonymous as RefusedUpgrade).statusCode).toBe(401);
    });

    it('accepts exactly the listed origins when allowedOrigins is a list', async () => {
      await start({ allowedOrigins: ['http://localhost:5173'] });
      const ok = await gateway.connect({ cookie: aliceCookie, origin: 'http://localhost:5173' });
      expect(await ok.join(['t1'])).toEqual(['t1']);
      const refused = await gateway.connect({ cookie: aliceCookie }).catch((e: unknown) => e);
      expect((refused as RefusedUpgrade).statusCode).toBe(403);
      const script = await gateway.connect({ cookie: aliceCookie, origin: null });
      expect(await script.join(['t1'])).toEqual(['t1']);
    });

    it('keeps nothing of the upgrade request once the socket is open, and still ends a socket on error', async () => {
      await start();
      const client = await gateway.connect({ cookie: aliceCookie });
      expect(await client.join(['t1'])).toEqual(['t1']);
      const [server] = [...gateway.app.websocketServer.clients];
      // The upgrade's ServerResponse (and through it the request, its headers, its logger and
      // Fastify's reply) is detached from the TCP socket, and the only 'error' listener left is
      // ours: nothing of the request lives as long as the socket.
      expect((server as unknown as { _socket: { _httpMessage: unknown } })._socket._httpMessage).toBeNull();
      expect(server!.listeners('error')).toHaveLength(1);
      server!.emit('error', new Error('a socket error'));
      expect((await client.closed).code).toBe(1006); // terminated
    });

    it('counts open sockets in realtimeStats and forgets closed ones', async () => {
      await start();
      const a1 = await gateway.connect({ cookie: aliceCookie });
      await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      await a1.join(['t1']);
      await b.join(['t1']);
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 3, users: 2, teams: 1 });
      await a1.close();
      await b.close();
      await waitUntil(() => gateway.app.realtimeStats().connections === 1);
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 1, users: 1, teams: 0 });
    });
  });

  describe('join_teams', () => {
    it("joins only the requested teams the session's user belongs to", async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      expect(await a.join(['t1', 't2', 'nope'])).toEqual(['t1']);
    });

    it("ignores the frame's userId and uses the session's user", async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      a.send({ type: 'join_teams', userId: carol.id, teamIds: ['t2', 't3'] });
      expect((await a.next('joined')).teamIds).toEqual(['t3']);
    });

    it('replaces the previous set, so leaving a team stops its traffic', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      expect(await a.join(['t1', 't3'])).toEqual(['t1', 't3']);
      expect(await a.join(['t3'])).toEqual(['t3']);
      await publishToTeam(bus, 't1', 'message', newMessage('t1', 'm1'));
      await publishToTeam(bus, 't3', 'message', newMessage('t3', 'm2'));
      expect((await a.next('new_message')).message).toMatchObject({ id: 'm2' });
    });
  });

  describe('malformed frames', () => {
    it('answers each with error {message} and keeps the socket open', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const cases: Array<[string, RegExp]> = [
        ['{not json', /not valid JSON/],
        ['[1,2]', /expected a JSON object/],
        ['{"teamIds":[]}', /missing "type"/],
        ['{"type":"hack_the_planet"}', /Unknown frame type "hack_the_planet"/],
        ['{"type":"typing","teamId":"t1","isTyping":"yes"}', /Invalid typing frame: isTyping/],
        ['{"type":"join_teams","teamIds":["a.b"]}', /Invalid join_teams frame/],
        ['{"type":"presence","status":"busy"}', /Invalid presence frame: status/],
      ];
      for (const [text, message] of cases) {
        a.sendRaw(text);
        const error = await a.next();
        expect(error.type).toBe('error');
        expect(error.message).toMatch(message);
      }
      a.socket.send(Buffer.from([1, 2, 3]), { binary: true });
      expect((await a.next()).message).toMatch(/Binary frames/);
      expect(await a.join(['t1'])).toEqual(['t1']);
    });

    it('closes the socket (1009) on a frame over 64 KiB', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      a.send({ type: 'send_message', teamId: 't1', content: 'x'.repeat(70 * 1024) });
      expect((await a.closed).code).toBe(1009);
    });

    it('rate limits a flooding client with one error per second, dropping the excess', async () => {
      await start({ maxFramesPerSecond: 5 });
      const a = await gateway.connect({ cookie: aliceCookie });
      for (let i = 0; i < 40; i++) a.send({ type: 'join_teams', teamIds: ['t1'] });
      await a.next('error');
      await new Promise((r) => setTimeout(r, 200));
      const frames = [...a.frames];
      expect(frames.filter((f) => f.type === 'error')).toEqual([
        { type: 'error', message: 'Too many frames; slow down', code: 'rate_limited' },
      ]);
      expect(frames.filter((f) => f.type === 'joined').length).toBeLessThanOrEqual(11);
    });
  });

  describe('typing and presence', () => {
    it('delivers typing from A to B in the same team, not to C in another team, not back to A', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      const c = await gateway.connect({ cookie: carolCookie });
      await a.join(['t1']);
      await b.join(['t1']);
      await c.join(['t2']);

      a.send({ type: 'typing', teamId: 't1', isTyping: true });
      expect(await b.next()).toEqual({
        type: 'typing_update',
        teamId: 't1',
        userId: alice.id,
        userName: 'Alice',
        isTyping: true,
      });
      // Probes published after the typing: the bus keeps order, so if A or C were going to get
      // the typing update, it would come before the probe.
      await publishToTeam(bus, 't1', 'probe', { type: 'probe' });
      await publishToTeam(bus, 't2', 'probe', { type: 'probe' });
      expect(await a.next()).toEqual({ type: 'probe' });
      expect(await c.next()).toEqual({ type: 'probe' });
    });

    it("replaces a spoofed userId/userName (and senderId/senderName) with the session's", async () => {
      const sent: Array<[RealtimeUser, SendMessageInput]> = [];
      await start({ onSendMessage: async (user, input) => void sent.push([user, input]) });
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      await a.join(['t1']);
      await b.join(['t1']);

      a.send({ type: 'typing', teamId: 't1', isTyping: true, userId: bob.id, userName: 'Bob' });
      expect(await b.next('typing_update')).toMatchObject({ userId: alice.id, userName: 'Alice' });

      a.send({
        type: 'send_message',
        teamId: 't1',
        content: 'hi',
        senderId: bob.id,
        senderName: 'Bob',
        mediaUrl: null,
        clientId: 'c-1',
      });
      await waitUntil(() => sent.length === 1);
      expect(sent[0]).toEqual([alice, { teamId: 't1', content: 'hi', mediaUrl: null, clientId: 'c-1' }]);
    });

    it('refuses typing in a team the socket has not joined', async () => {
      await start();
      const c = await gateway.connect({ cookie: carolCookie });
      await c.join(['t2']);
      c.send({ type: 'typing', teamId: 't1', isTyping: true });
      expect(await c.next()).toMatchObject({ type: 'error', code: 'not_joined' });
    });

    it("announces presence to the other members of each joined team, with the server's clock", async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      await a.join(['t1', 't3']);
      await b.join(['t1']);
      const before = Date.now();
      a.send({ type: 'presence', status: 'away', lastSeen: '1999-01-01T00:00:00.000Z', userId: bob.id });
      const update = await b.next('presence_update');
      expect(update).toMatchObject({ teamId: 't1', userId: alice.id, userName: 'Alice', status: 'away' });
      expect(Date.parse(update.lastSeen as string)).toBeGreaterThanOrEqual(before - 1_000);

      // A socket that announced itself and then vanishes is announced offline.
      await a.close();
      expect(await b.next('presence_update')).toMatchObject({ userId: alice.id, status: 'offline' });
    });
  });

  describe('chat', () => {
    it('answers send_message with an error when no command is wired', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      await a.join(['t1']);
      a.send({ type: 'send_message', teamId: 't1', content: 'hi', clientId: 'c-9' });
      expect(await a.next()).toMatchObject({ type: 'error', code: 'unsupported', clientId: 'c-9' });
    });

    it('refuses send_message to a team the socket has not joined, without running the command', async () => {
      let calls = 0;
      await start({ onSendMessage: async () => void calls++ });
      const c = await gateway.connect({ cookie: carolCookie });
      c.send({ type: 'send_message', teamId: 't1', content: 'sneaky' });
      expect(await c.next()).toMatchObject({ type: 'error', code: 'not_joined' });
      expect(calls).toBe(0);
    });

    it("shows a command's client error, and hides a server error behind a generic message", async () => {
      await start({
        onSendMessage: async (_user, input) => {
          if (input.content === 'blank') {
            throw Object.assign(new Error('Message is empty'), { statusCode: 400, code: 'validation' });
          }
          throw new Error('connection refused to 10.0.0.5:5432');
        },
      });
      gateway.app.log.level = 'silent';
      const a = await gateway.connect({ cookie: aliceCookie });
      await a.join(['t1']);
      a.send({ type: 'send_message', teamId: 't1', content: 'blank', clientId: 'c-1' });
      expect(await a.next()).toEqual({
        type: 'error',
        message: 'Message is empty',
        code: 'validation',
        clientId: 'c-1',
      });
      a.send({ type: 'send_message', teamId: 't1', content: 'boom', clientId: 'c-2' });
      expect(await a.next()).toEqual({
        type: 'error',
        message: 'Failed to send message',
        code: 'send_failed',
        clientId: 'c-2',
      });
    });

    it("delivers publishToTeam's new_message to every socket joined to the team, sender included", async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      const c = await gateway.connect({ cookie: carolCookie });
      await a.join(['t1']);
      await b.join(['t1']);
      await c.join(['t2']);
      const frame = newMessage('t1', 'm1');
      await publishToTeam(bus, 't1', 'message', frame);
      await publishToTeam(bus, 't2', 'probe', { type: 'probe' });
      expect(await a.next()).toEqual(frame);
      expect(await b.next()).toEqual(frame);
      expect(await c.next()).toEqual({ type: 'probe' });
    });

    it("delivers publishToUser to that user's sockets, and a membership notice drops lost teams", async () => {
      stub.setTeams(bob.id, ['t1', 't4']);
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      await a.join(['t1']);
      expect(await b.join(['t1', 't4'])).toEqual(['t1', 't4']);
      expect(gateway.app.realtimeStats().teams).toBe(2);

      stub.setTeams(bob.id, ['t1']); // Bob was removed from t4
      await publishToUser(bus, bob.id, 'membership', { type: 'teams_changed' });
      expect(await b.next()).toEqual({ type: 'teams_changed' });
      await waitUntil(() => gateway.app.realtimeStats().teams === 1);

      await publishToTeam(bus, 't4', 'message', newMessage('t4', 'after-removal'));
      await publishToUser(bus, bob.id, 'probe', { type: 'probe' });
      expect(await b.next()).toEqual({ type: 'probe' });
      expect(a.unread()).toEqual([]);
    });
  });

  describe('socket caps', () => {
    it("closes a user's socket beyond maxSocketsPerUser with 1008 and a reason, and only theirs", async () => {
      await start({ maxSocketsPerUser: 3 });
      const open = [];
      for (let i = 0; i < 3; i++) open.push(await gateway.connect({ cookie: aliceCookie }));
      const fourth = await gateway.connect({ cookie: aliceCookie });
      expect(await fourth.closed).toEqual({ code: 1008, reason: 'Too many open connections for this account' });
      // Another account is not affected, and the refused socket was never counted.
      const b = await gateway.connect({ cookie: bobCookie });
      expect(await b.join(['t1'])).toEqual(['t1']);
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 4, users: 2, refusedConnections: 1 });

      // A closed socket frees its place.
      await open[0]!.close();
      await waitUntil(() => gateway.app.realtimeStats().connections === 3);
      const again = await gateway.connect({ cookie: aliceCookie });
      expect(await again.join(['t1'])).toEqual(['t1']);
    });

    it('closes a socket beyond maxSocketsPerIp with 1008, whoever signed in', async () => {
      await start({ maxSocketsPerIp: 3 });
      await gateway.connect({ cookie: aliceCookie });
      await gateway.connect({ cookie: aliceCookie });
      await gateway.connect({ cookie: bobCookie });
      const fourth = await gateway.connect({ cookie: carolCookie });
      expect(await fourth.closed).toEqual({ code: 1008, reason: 'Too many open connections from this address' });
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 3, refusedConnections: 1 });
    });
  });

  describe('membership cache', () => {
    it('answers repeated join_teams from every socket of a user with one membership lookup', async () => {
      await start();
      const sockets = await Promise.all(Array.from({ length: 5 }, () => gateway.connect({ cookie: aliceCookie })));
      for (let round = 0; round < 10; round++) {
        for (const socket of sockets) socket.send({ type: 'join_teams', teamIds: ['t1', 't3'] });
      }
      for (const socket of sockets) {
        for (let round = 0; round < 10; round++) expect((await socket.next('joined')).teamIds).toEqual(['t1', 't3']);
      }
      expect(stub.teamsOfCalls).toBe(1);
    });

    it("reloads a user's memberships on their membership notice, then serves joins from the cache again", async () => {
      stub.setTeams(bob.id, ['t1']);
      await start();
      const b = await gateway.connect({ cookie: bobCookie });
      expect(await b.join(['t1', 't4'])).toEqual(['t1']);
      stub.setTeams(bob.id, ['t1', 't4']); // Bob joined t4; the teams projector tells the gateways.
      await publishToUser(bus, bob.id, 'membership', { type: 'membership_changed', teamId: 't4' });
      await b.next('membership_changed');
      expect(await b.join(['t1', 't4'])).toEqual(['t1', 't4']);
      const lookups = stub.teamsOfCalls;
      expect(await b.join(['t1', 't4'])).toEqual(['t1', 't4']);
      expect(await b.join(['t4'])).toEqual(['t4']);
      expect(stub.teamsOfCalls).toBe(lookups);
    });
  });

  describe('a socket that closes while join_teams is running', () => {
    it('is never added to a room (stats show no team afterwards)', async () => {
      await start();
      const release = stub.holdTeamsOf();
      const a = await gateway.connect({ cookie: aliceCookie });
      a.send({ type: 'join_teams', teamIds: ['t1', 't3'] });
      await waitUntil(() => stub.teamsOfCalls === 1);
      await a.close();
      await waitUntil(() => gateway.app.realtimeStats().connections === 0);
      release();
      // The lookup and the rest of the join resolve in microtasks: done before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 0, users: 0, teams: 0 });

      // The team's traffic has nobody left to go to on this gateway.
      const b = await gateway.connect({ cookie: bobCookie });
      await b.join(['t1']);
      expect(gateway.app.realtimeStats().teams).toBe(1);
    });
  });

  describe('presence per user', () => {
    it("tells teammates once for a user's many sockets, and 'offline' only when the last one closes", async () => {
      await start();
      const b = await gateway.connect({ cookie: bobCookie });
      await b.join(['t1']);
      const tabs = await Promise.all(Array.from({ length: 4 }, () => gateway.connect({ cookie: aliceCookie })));
      for (const tab of tabs) {
        await tab.join(['t1']);
        tab.send({ type: 'presence', status: 'online' });
      }
      // One tab hidden: Alice is still online in her other tabs.
      tabs[0]!.send({ type: 'presence', status: 'away' });
      // join_teams is queued behind each tab's presence: once answered, the presence was handled.
      for (const tab of tabs) await tab.join(['t1']);
      await publishToTeam(bus, 't1', 'probe', { type: 'probe' });
      await b.next('probe');
      expect(b.frames.filter((f) => f.type === 'presence_update')).toEqual([
        expect.objectContaining({ teamId: 't1', userId: alice.id, status: 'online' }),
      ]);

      for (const tab of tabs.slice(0, 3)) await tab.close();
      await waitUntil(() => gateway.app.realtimeStats().connections === 2);
      await publishToTeam(bus, 't1', 'probe', { type: 'probe' });
      await b.next('probe');
      expect(b.unread()).toEqual([]);

      await tabs[3]!.close();
      expect(await b.next('presence_update')).toMatchObject({ userId: alice.id, status: 'offline' });
      expect(b.frames.filter((f) => f.type === 'presence_update')).toHaveLength(2);
    });

    it('announces the user to a team a later socket joins, and away once every socket is away', async () => {
      await start();
      const b = await gateway.connect({ cookie: bobCookie });
      await b.join(['t1']);
      const first = await gateway.connect({ cookie: aliceCookie });
      first.send({ type: 'presence', status: 'online' });
      await first.join(['t3']);
      const second = await gateway.connect({ cookie: aliceCookie });
      await second.join(['t1']);
      expect(await b.next('presence_update')).toMatchObject({ teamId: 't1', userId: alice.id, status: 'online' });
      // The only socket that announced anything is now away (the second never announced).
      first.send({ type: 'presence', status: 'away' });
      expect(await b.next('presence_update')).toMatchObject({ teamId: 't1', userId: alice.id, status: 'away' });
    });
  });

  describe('session end', () => {
    it("closes the revoked session's sockets (1008) when a revocation arrives, not the user's other session", async () => {
      await start();
      const laptopCookie = stub.signIn(alice, ['t1', 't3'], 'sid-alice-laptop');
      const phone = await gateway.connect({ cookie: aliceCookie });
      const phoneTab = await gateway.connect({ cookie: aliceCookie });
      const laptop = await gateway.connect({ cookie: laptopCookie });
      await laptop.join(['t1']);

      await publishSessionRevoked(bus, alice.id, aliceCookie.replace('sid=', ''));
      for (const socket of [phone, phoneTab]) {
        expect(await socket.closed).toEqual({ code: 1008, reason: 'Session ended: signed out or expired' });
      }
      await publishToTeam(bus, 't1', 'probe', { type: 'probe' });
      expect(await laptop.next()).toEqual({ type: 'probe' });

      // An upgrade authorised just before the revocation arrived is refused too.
      const late = await gateway.connect({ cookie: aliceCookie });
      expect((await late.closed).code).toBe(1008);
    });

    it('closes a socket whose session expired or was deleted, at the next periodic check', async () => {
      await start({ sessionCheckIntervalMs: 50 });
      const a = await gateway.connect({ cookie: aliceCookie });
      const b = await gateway.connect({ cookie: bobCookie });
      stub.endSession(aliceCookie);
      expect(await a.closed).toEqual({ code: 1008, reason: 'Session ended: signed out or expired' });
      // Both sessions were checked in the same pass; Bob's is alive and so is his socket.
      expect(await b.join(['t1'])).toEqual(['t1']);
      expect(gateway.app.realtimeStats().connections).toBe(1);
    });
  });

  describe('bus outages', () => {
    it("tells every socket to refetch when another process's bus connection came back", async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const c = await gateway.connect({ cookie: carolCookie });
      await a.join(['t1']);
      // A projector whose own NATS connection dropped published into the void meanwhile.
      await bus.publish(busReconnectedSubject, { name: 'sideline-projector' });
      expect(await a.next()).toEqual({ type: 'resync' });
      expect(await c.next()).toEqual({ type: 'resync' });
      expect(gateway.app.realtimeStats()).toMatchObject({ connections: 2, resyncs: 2 });
    });
  });

  describe('heartbeat', () => {
    it('terminates a client that stops answering pings, and keeps one that answers', async () => {
      await start({ heartbeatIntervalMs: 100 });
      const dead = await gateway.connect({ cookie: aliceCookie, autoPong: false });
      const alive = await gateway.connect({ cookie: bobCookie });
      const { code } = await dead.closed;
      expect(code).toBe(1006); // terminated: no close handshake
      await new Promise((r) => setTimeout(r, 300));
      expect(await alive.join(['t1'])).toEqual(['t1']);
      expect(gateway.app.realtimeStats().connections).toBe(1);
    });

    it('pings the sockets in turns through the interval, each once per interval, not all at once', async () => {
      // At 5,000 sockets one burst of pings (and of pongs) held up the chat messages sent then.
      await start({ heartbeatIntervalMs: 1_000 });
      const clients = await Promise.all(
        Array.from({ length: 16 }, (_, i) => gateway.connect({ cookie: i % 2 ? aliceCookie : bobCookie })),
      );
      const started = performance.now();
      const pings = clients.map(() => [] as number[]);
      clients.forEach((client, i) => client.socket.on('ping', () => pings[i]!.push(performance.now() - started)));
      await new Promise((r) => setTimeout(r, 2_600));
      // Every socket is pinged once per interval: at least twice in two and a half intervals,
      // each ping an interval after the one before.
      for (const times of pings) {
        expect(times.length).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(900);
      }
      // The first pings are spread through the first interval (turns 250 ms apart), not in one instant.
      const firsts = pings.map(([first]) => first!);
      expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(600);
      expect(new Set(firsts.map((t) => Math.floor(t / 250))).size).toBeGreaterThanOrEqual(3);
      expect(gateway.app.realtimeStats().connections).toBe(16);
    });
  });

  describe('shutdown', () => {
    it('closes open sockets with 1001 when the app closes', async () => {
      await start();
      const a = await gateway.connect({ cookie: aliceCookie });
      const closing = a.closed;
      await gateway.app.close();
      expect(await closing).toEqual({ code: 1001, reason: 'Server shutting down' });
    });
  });
});

/** A new_message frame as the chat projector publishes it. */
function newMessage(teamId: string, id: string) {
  return {
    type: 'new_message' as const,
    message: {
      id,
      teamId,
      userId: alice.id,
      text: 'Practice moved to 6pm',
      mediaUrl: null,
      timestamp: '2026-03-01T17:00:00.000Z',
      pinned: false,
      clientId: null,
      user: { name: 'Alice', avatarUrl: null },
      content: 'Practice moved to 6pm',
      senderId: alice.id,
      senderName: 'Alice',
    },
  };
}

async function waitUntil(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type { TestClient };

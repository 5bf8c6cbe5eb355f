import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Frame = { type: string; [field: string]: any };

/** A real ws client that keeps every frame and lets the test await the next one of a type. */
class SocketClient {
  readonly frames: Frame[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake?.();
    });
  }

  static open(server: TestServer, client: ApiClient): Promise<SocketClient> {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: client.cookie },
      origin: server.url,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new SocketClient(socket)));
      socket.once('error', reject);
    });
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  async next(type: string, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++]!;
        if (frame.type === type) return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async join(teamIds: string[]): Promise<string[]> {
    this.send({ type: 'join_teams', teamIds });
    return (await this.next('joined')).teamIds as string[];
  }

  ofType(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close(): void {
    this.socket.close();
  }
}

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };
const sockets: SocketClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Olly Outsider'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

async function connect(client: ApiClient): Promise<SocketClient> {
  const socket = await SocketClient.open(server, client);
  sockets.push(socket);
  return socket;
}

describe('team chat over /ws', () => {
  it("delivers send_message to every joined member as new_message, with the session's identity", async () => {
    const coachSocket = await connect(coach);
    const parentSocket = await connect(parent);
    const outsiderSocket = await connect(outsider);
    expect(await coachSocket.join([team.id])).toEqual([team.id]);
    expect(await parentSocket.join([team.id])).toEqual([team.id]);
    // join_teams only joins the user's own teams.
    expect(await outsiderSocket.join([team.id])).toEqual([]);

    parentSocket.send({
      type: 'send_message',
      teamId: team.id,
      content: 'Running 5 minutes late',
      senderId: coach.userId,
      senderName: 'Casey Coach (spoofed)',
      mediaUrl: null,
      clientId: 'socket-0001-abcdef',
    });
    const received = await Promise.all([coachSocket.next('new_message'), parentSocket.next('new_message')]);
    for (const frame of received) {
      expect(frame.message).toEqual({
        id: expect.any(String),
        teamId: team.id,
        userId: parent.userId,
        text: 'Running 5 minutes late',
        mediaUrl: null,
        timestamp: expect.any(String),
        pinned: false,
        clientId: 'socket-0001-abcdef',
        user: { name: 'Pat Parent', avatarUrl: null },
        deleted: false,
        editedAt: null,
        content: 'Running 5 minutes late',
        senderId: parent.userId,
        senderName: 'Pat Parent',
      });
    }
    const { message } = received[0]!;

    // The HTTP read model has it; an HTTP retry of the same clientId answers with it.
    const retry = await parent.post(`/api/teams/${team.id}/messages`, {
      text: 'Running 5 minutes late',
      clientId: 'socket-0001-abcdef',
    });
    expect(retry.status).toBe(201);
    expect((await readJson(retry)).id).toBe(message.id);

    // A socket retry with the same clientId sends nothing new either; a probe message proves it.
    parentSocket.send({
      type: 'send_message',
      teamId: team.id,
      content: 'Running 5 minutes late',
      clientId: 'socket-0001-abcdef',
    });
    parentSocket.send({ type: 'send_message', teamId: team.id, content: 'probe', clientId: 'socket-0002-abcdef' });
    expect((await coachSocket.next('new_message')).message.content).toBe('probe');
    expect(coachSocket.ofType('new_message').map((f) => f.message.content)).toEqual([
      'Running 5 minutes late',
      'probe',
    ]);
    expect(outsiderSocket.ofType('new_message')).toEqual([]);
  });

  it('answers an invalid send with an error frame echoing the clientId, and tells members about pins', async () => {
    const coachSocket = await connect(coach);
    const parentSocket = await connect(parent);
    await coachSocket.join([team.id]);
    await parentSocket.join([team.id]);

    parentSocket.send({ type: 'send_message', teamId: team.id, content: '   ', clientId: 'blank-0001-abcdef' });
    expect(await parentSocket.next('error')).toEqual({
      type: 'error',
      message: 'Write a message or attach a photo',
      code: 'VALIDATION',
      clientId: 'blank-0001-abcdef',
    });
    parentSocket.send({
      type: 'send_message',
      teamId: team.id,
      content: 'see this',
      mediaUrl: 'https://evil.example/x.png',
      clientId: 'evil-0001-abcdef',
    });
    expect(await parentSocket.next('error')).toMatchObject({ code: 'VALIDATION', clientId: 'evil-0001-abcdef' });

    parentSocket.send({ type: 'send_message', teamId: team.id, content: 'Pin me', clientId: 'pin-0001-abcdef' });
    const { message } = await coachSocket.next('new_message');
    expect((await coach.post(`/api/teams/${team.id}/messages/${message.id}/pin`)).status).toBe(200);
    expect(await parentSocket.next('pinned_changed')).toEqual({ type: 'pinned_changed', teamId: team.id });
    expect(await coachSocket.next('pinned_changed')).toEqual({ type: 'pinned_changed', teamId: team.id });
  });
});

import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@sideline/infra';
import { publishToTeam, publishToUser } from '../fanout/publish.ts';
import { createGateway, type Gateway } from './gateway.ts';

/**
 * What the gateway hands to each socket of a room. Stand-in sockets (as in connection.test.ts)
 * record every send, so the test sees whether sockets share one encoded frame.
 */
class RecordingSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Array<{ data: unknown; options: unknown }> = [];
  send(data: unknown, options?: unknown): void {
    this.sent.push({ data, options });
  }
  ping(): void {}
  terminate(): void {
    this.readyState = 3;
    this.emit('close', 1006, Buffer.alloc(0));
  }
  close(): void {
    this.terminate();
  }
  frames(): Array<{ type: string } & Record<string, unknown>> {
    return this.sent.map(({ data }) => JSON.parse(String(data)) as { type: string });
  }
}

const silent = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent } as unknown as FastifyBaseLogger;

describe('fan-out of a bus message to a room', () => {
  let bus: Bus;
  let gateway: Gateway;

  afterEach(async () => {
    await gateway.close();
    await bus.close();
  });

  async function room(teamId: string, members: number): Promise<RecordingSocket[]> {
    const sockets: RecordingSocket[] = [];
    for (let i = 0; i < members; i++) {
      const socket = new RecordingSocket();
      const userId = randomUUID();
      gateway.accept(
        socket as unknown as WebSocket,
        { user: { id: userId, name: `M${i}`, role: 'parent' }, sessionId: `s-${userId}` },
        '127.0.0.1',
      );
      socket.emit('message', Buffer.from(JSON.stringify({ type: 'join_teams', teamIds: [teamId] })), false);
      sockets.push(socket);
    }
    await expect.poll(() => sockets.every((s) => s.frames().some((f) => f.type === 'joined'))).toBe(true);
    for (const socket of sockets) socket.sent.length = 0;
    return sockets;
  }

  it('encodes each new_message once and sends the same bytes, as text, to every socket of the room', async () => {
    bus = createInProcessBus();
    const teamId = randomUUID();
    gateway = createGateway(
      { bus, authenticate: async () => null, activeSessions: async (ids) => ids, teamsOf: async () => [teamId] },
      silent,
    );
    const sockets = await room(teamId, 5);

    await publishToTeam(bus, teamId, 'message', {
      type: 'new_message',
      message: { id: 'm1', text: 'Kick-off at 9 ⚽' },
    });
    await bus.flush();

    for (const socket of sockets) expect(socket.sent).toHaveLength(1);
    const [first] = sockets[0]!.sent;
    // One Buffer for the whole room (not a string that ws would encode again per socket)…
    expect(Buffer.isBuffer(first!.data)).toBe(true);
    for (const socket of sockets) expect(socket.sent[0]!.data).toBe(first!.data);
    // …sent as a text frame, and still the frame the clients expect.
    for (const socket of sockets) expect(socket.sent[0]!.options).toEqual({ binary: false });
    expect(sockets[0]!.frames()).toEqual([{ type: 'new_message', message: { id: 'm1', text: 'Kick-off at 9 ⚽' } }]);
  });

  it("shares one encoding among a user's sockets too", async () => {
    bus = createInProcessBus();
    const teamId = randomUUID();
    gateway = createGateway(
      { bus, authenticate: async () => null, activeSessions: async (ids) => ids, teamsOf: async () => [teamId] },
      silent,
    );
    const userId = randomUUID();
    const sockets = [new RecordingSocket(), new RecordingSocket()];
    for (const socket of sockets) {
      gateway.accept(
        socket as unknown as WebSocket,
        { user: { id: userId, name: 'U', role: 'parent' }, sessionId: 's' },
        '127.0.0.1',
      );
    }

    await publishToUser(bus, userId, 'rewards', { type: 'rewards_changed' });
    await bus.flush();

    expect(Buffer.isBuffer(sockets[0]!.sent[0]!.data)).toBe(true);
    expect(sockets[1]!.sent[0]!.data).toBe(sockets[0]!.sent[0]!.data);
    expect(sockets[1]!.frames()).toEqual([{ type: 'rewards_changed' }]);
  });
});

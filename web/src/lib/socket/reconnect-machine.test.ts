import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  MAX_RECONNECT_ATTEMPTS,
  reconnectDelayMs,
  reconnectMachine,
  statusOf,
  type ReconnectEmitted,
} from './reconnect-machine.ts';
import { createSocketLogic } from './socket-actor.ts';
import { FakeWebSocket } from './testing/fake-web-socket.ts';

const URL = 'ws://sideline.test/ws';

function start(options: { signedIn?: boolean; networkUp?: boolean } = {}) {
  const clock = new SimulatedClock();
  const machine = reconnectMachine.provide({
    actors: { socket: createSocketLogic((url) => new FakeWebSocket(url)) },
  });
  const actor = createActor(machine, {
    input: { url: URL, signedIn: options.signedIn, networkUp: options.networkUp },
    clock,
  });
  const emitted: ReconnectEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const status = () => statusOf(actor.getSnapshot());
  return { actor, clock, emitted, status };
}

/** The newest fake socket; fails the test when the client has not opened one. */
function latest(): FakeWebSocket {
  const socket = FakeWebSocket.latest;
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

describe('reconnect machine (simulated clock, fake WebSocket)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('waits 2^attempt seconds: 1, 2, 4, 8 and 16 s', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
  });

  it('stays disconnected with no user and opens nothing', () => {
    const { status, clock } = start();
    expect(status()).toBe('disconnected');
    clock.increment(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('connects when a user is present: connecting, then connected on open', () => {
    const { actor, status } = start();
    actor.send({ type: 'user.present' });
    expect(status()).toBe('connecting');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(latest().url).toBe(URL);
    latest().open();
    expect(status()).toBe('connected');
  });

  it('starts connecting at once when the user is already signed in', () => {
    const { status } = start({ signedIn: true });
    expect(status()).toBe('connecting');
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('after an unexpected close retries 5 times after 1, 2, 4, 8, 16 s, then goes to error', () => {
    const { actor, clock, status } = start({ signedIn: true });
    latest().open();
    latest().serverClose();

    for (const [index, delay] of [1000, 2000, 4000, 8000, 16000].entries()) {
      expect(status()).toBe('connecting');
      expect(actor.getSnapshot().value).toBe('backoff');
      expect(FakeWebSocket.instances).toHaveLength(index + 1);
      clock.increment(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(index + 1);
      clock.increment(1);
      expect(FakeWebSocket.instances).toHaveLength(index + 2);
      expect(actor.getSnapshot().context.attempt).toBe(index + 1);
      expect(status()).toBe('connecting');
      latest().serverClose();
    }

    expect(status()).toBe('error');
    clock.increment(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(status()).toBe('error');
  });

  it('a successful open resets the retry count', () => {
    const { actor, clock, status } = start({ signedIn: true });
    latest().serverClose(); // the first connection fails
    clock.increment(1000);
    latest().serverClose();
    clock.increment(2000);
    latest().serverClose();
    clock.increment(4000);
    expect(actor.getSnapshot().context.attempt).toBe(3);
    latest().open();
    expect(status()).toBe('connected');
    expect(actor.getSnapshot().context.attempt).toBe(0);

    // The next drop starts over at 1 s.
    latest().serverClose();
    const before = FakeWebSocket.instances.length;
    clock.increment(999);
    expect(FakeWebSocket.instances).toHaveLength(before);
    clock.increment(1);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
  });

  it('closes the socket when the user goes away, and does not reconnect', () => {
    const { actor, clock, status } = start({ signedIn: true });
    const socket = latest();
    socket.open();
    actor.send({ type: 'user.absent' });
    expect(status()).toBe('disconnected');
    expect(socket.closedByClient).toEqual({ code: 1000, reason: 'client closed' });
    clock.increment(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stops waiting to retry when the user goes away', () => {
    const { actor, clock, status } = start({ signedIn: true });
    latest().serverClose();
    actor.send({ type: 'user.absent' });
    clock.increment(60_000);
    expect(status()).toBe('disconnected');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('closes a socket that is still connecting when the user goes away', () => {
    const { actor } = start({ signedIn: true });
    const socket = latest();
    actor.send({ type: 'user.absent' });
    expect(socket.closedByClient?.code).toBe(1000);
  });

  it('retries on demand from error, with a fresh count', () => {
    const { actor, clock, status } = start({ signedIn: true });
    latest().serverClose();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      clock.increment(delay);
      latest().serverClose();
    }
    expect(status()).toBe('error');
    actor.send({ type: 'retry' });
    expect(status()).toBe('connecting');
    expect(actor.getSnapshot().context.attempt).toBe(0);
    expect(FakeWebSocket.instances).toHaveLength(7);
    latest().open();
    expect(status()).toBe('connected');
  });

  it('emits connected (reconnect: false, then true) and every frame; writes only while connected', () => {
    const { actor, clock, emitted } = start({ signedIn: true });
    actor.send({ type: 'send', frame: { type: 'presence', status: 'online' } });
    expect(latest().sentData).toEqual([]); // not open yet: dropped

    latest().open();
    actor.send({ type: 'send', frame: { type: 'join_teams', teamIds: ['t1'] } });
    expect(latest().sent).toEqual([{ type: 'join_teams', teamIds: ['t1'] }]);

    latest().receive({ type: 'joined', teamIds: ['t1'] });
    latest().receive('not json');
    latest().serverClose();
    clock.increment(1000);
    latest().open();

    expect(emitted).toEqual([
      { type: 'connected', reconnect: false },
      { type: 'frame', frame: { type: 'joined', teamIds: ['t1'] } },
      { type: 'connected', reconnect: true },
    ]);
  });

  it('is down at once when the browser goes offline, tries nothing offline, and connects as soon as it is back', () => {
    const { actor, clock, status } = start({ signedIn: true });
    const socket = latest();
    socket.open();
    expect(status()).toBe('connected');

    actor.send({ type: 'network.offline' });
    expect(status()).toBe('disconnected');
    expect(socket.closedByClient?.code).toBe(1000);
    clock.increment(120_000);
    actor.send({ type: 'retry' });
    expect(FakeWebSocket.instances).toHaveLength(1);

    actor.send({ type: 'network.online' });
    expect(status()).toBe('connecting');
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().open();
    expect(status()).toBe('connected');
  });

  it('starts offline without a socket when the browser has no network, and skips the wait or the error when it returns', () => {
    const offline = start({ signedIn: true, networkUp: false });
    expect(offline.status()).toBe('disconnected');
    expect(FakeWebSocket.instances).toHaveLength(0);
    offline.actor.send({ type: 'network.online' });
    expect(offline.status()).toBe('connecting');
    offline.actor.stop();

    FakeWebSocket.reset();
    const waiting = start({ signedIn: true });
    latest().serverClose();
    expect(waiting.status()).toBe('connecting');
    waiting.actor.send({ type: 'network.online' });
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(waiting.actor.getSnapshot().context.attempt).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from './port.ts';
import type { BusLogger } from './logger.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import { natsForTests } from './testing.ts';

// One contract, every adapter: code written against the in-process bus (embedded mode, most
// tests) must behave the same over NATS (services and split modes).

const natsUrl = await natsForTests('bus contract (NATS adapter)');

interface Adapter {
  name: string;
  skip: boolean;
  /**
   * A fresh bus "world" per test: `connect()` gives a handle on it (the same object in-process,
   * a new connection each time on NATS, so cross-connection delivery is exercised).
   */
  world(log?: BusLogger): { connect(): Promise<Bus> };
}

const adapters: Adapter[] = [
  {
    name: 'in-process',
    skip: false,
    world: (log) => {
      const shared = createInProcessBus(log ? { log } : {});
      return { connect: async () => shared };
    },
  },
  {
    name: 'nats',
    skip: natsUrl === null,
    world: (log) => ({
      connect: () => createNatsBus({ servers: natsUrl ?? '', name: 'bus-contract-test', ...(log ? { log } : {}) }),
    }),
  },
];

const silentLog: BusLogger = { warn: () => {}, error: () => {} };

/** Collects messages and lets a test await the n-th one. */
function collector() {
  const received: BusMessage[] = [];
  let waiters: Array<() => void> = [];
  return {
    received,
    handler: (message: BusMessage) => {
      received.push(message);
      const current = waiters;
      waiters = [];
      for (const w of current) w();
    },
    async waitFor(count: number, timeoutMs = 3_000): Promise<BusMessage[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
  };
}

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`Bus contract: ${adapter.name}`, () => {
    const open = new Set<Bus>();
    let world = adapter.world();
    // Unique per test so that test files sharing one NATS server never cross-talk.
    let prefix = '';

    async function bus(): Promise<Bus> {
      const b = await world.connect();
      open.add(b);
      return b;
    }

    beforeEach(() => {
      world = adapter.world();
      prefix = `test${Math.random().toString(36).slice(2, 10)}`;
    });

    afterEach(async () => {
      await Promise.all([...open].map((b) => b.close()));
      open.clear();
    });

    function subject(rest: string): string {
      return `${prefix}.${rest}`;
    }

    it('delivers a published message to a subscriber, with its subject', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('team.t1.message'), c.handler);
      await b.publish(subject('team.t1.message'), { hello: 'world' });
      const [message] = await c.waitFor(1);
      expect(message).toEqual({ subject: subject('team.t1.message'), data: { hello: 'world' } });
    });

    it('round-trips JSON (nested objects, arrays, null, unicode; Date becomes an ISO string)', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('json'), c.handler);
      const when = new Date('2026-01-02T03:04:05.000Z');
      const sent = { a: [1, 'two', null, { deep: true }], text: 'héllo ⚽ 👋', when, skip: undefined };
      await b.publish(subject('json'), sent);
      await b.publish(subject('json'), 'just a string');
      await b.publish(subject('json'), 42);
      const [first, second, third] = await c.waitFor(3);
      expect(first?.data).toEqual({
        a: [1, 'two', null, { deep: true }],
        text: 'héllo ⚽ 👋',
        when: '2026-01-02T03:04:05.000Z',
      });
      expect(first?.data).not.toBe(sent);
      expect(second?.data).toBe('just a string');
      expect(third?.data).toBe(42);
    });

    it("matches '*' to exactly one token and '>' to one or more trailing tokens", async () => {
      const b = await bus();
      const star = collector();
      const tail = collector();
      const exact = collector();
      b.subscribe(subject('team.*.typing'), star.handler);
      b.subscribe(subject('team.>'), tail.handler);
      b.subscribe(subject('team.t2.typing'), exact.handler);
      await b.publish(subject('team.t1.typing'), 1);
      await b.publish(subject('team.t1.x.typing'), 2);
      await b.publish(subject('team.t2.typing'), 3);
      await b.publish(subject('team'), 4);
      await b.publish(subject('user.u1.typing'), 5);
      await tail.waitFor(3);
      await b.flush();
      expect(tail.received.map((m) => m.data)).toEqual([1, 2, 3]);
      expect(star.received.map((m) => m.data)).toEqual([1, 3]);
      expect(exact.received.map((m) => m.data)).toEqual([3]);
    });

    it('delivers in publish order', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('order'), c.handler);
      for (let i = 0; i < 200; i++) await b.publish(subject('order'), i);
      const all = await c.waitFor(200);
      expect(all.map((m) => m.data)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    });

    it('never calls a handler synchronously from publish', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('async'), c.handler);
      const pending = b.publish(subject('async'), 'x');
      expect(c.received).toHaveLength(0);
      await pending;
      await c.waitFor(1);
    });

    it('stops delivering after unsubscribe', async () => {
      const b = await bus();
      const gone = collector();
      const stays = collector();
      const unsubscribe = b.subscribe(subject('unsub'), gone.handler);
      b.subscribe(subject('unsub'), stays.handler);
      await b.publish(subject('unsub'), 'before');
      await gone.waitFor(1);
      unsubscribe();
      unsubscribe(); // idempotent
      await b.publish(subject('unsub'), 'after');
      // Both subscriptions sit on the same connection: once the survivor has "after", the
      // unsubscribed one would have had it too.
      await stays.waitFor(2);
      expect(gone.received.map((m) => m.data)).toEqual(['before']);
    });

    it('keeps a subscription alive when its handler throws', async () => {
      world = adapter.world(silentLog);
      const b = await bus();
      const c = collector();
      let calls = 0;
      b.subscribe(subject('throws'), (m) => {
        calls++;
        if (calls === 1) throw new Error('handler bug');
        c.handler(m);
      });
      await b.publish(subject('throws'), 1);
      await b.publish(subject('throws'), 2);
      const [message] = await c.waitFor(1);
      expect(message?.data).toBe(2);
    });

    it('rejects wildcard publish subjects and malformed subjects', async () => {
      const b = await bus();
      await expect(b.publish(subject('team.*'), 1)).rejects.toThrow(/wildcard/);
      await expect(b.publish(subject('team..x'), 1)).rejects.toThrow(/Invalid/);
      expect(() => b.subscribe(subject('te>am'), () => {})).toThrow(/wildcard/);
      expect(() => b.subscribe(subject('>.x'), () => {})).toThrow(/wildcard/);
    });

    it('reports health, and delivers nothing after close', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('closed'), c.handler);
      expect(b.isHealthy()).toBe(true);
      await b.close();
      await b.close(); // idempotent
      expect(b.isHealthy()).toBe(false);
      await expect(b.publish(subject('closed'), 'late')).rejects.toThrow();
      if (adapter.name === 'nats') {
        // A live peer publishing to the closed connection's subject reaches nobody.
        const peer = await bus();
        const witness = collector();
        peer.subscribe(subject('closed'), witness.handler);
        await peer.publish(subject('closed'), 'late');
        await witness.waitFor(1);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(c.received).toHaveLength(0);
    });

    it('delivers messages published before close (drain)', async () => {
      const b = await bus();
      const c = collector();
      b.subscribe(subject('drain'), c.handler);
      await b.publish(subject('drain'), 'in flight');
      await b.close();
      expect(c.received.map((m) => m.data)).toEqual(['in flight']);
    });

    // Only NATS has separate connections; the in-process bus is one object.
    if (adapter.name === 'nats') {
      it('carries a message published on one connection to a subscriber on another', async () => {
        const publisher = await bus();
        const subscriber = await bus();
        expect(publisher).not.toBe(subscriber);
        const c = collector();
        subscriber.subscribe(subject('team.*.message'), c.handler);
        // The SUB must reach the server before the PUB does, or the message has nobody to go to.
        await subscriber.flush();
        await publisher.publish(subject('team.t9.message'), { n: 1 });
        await publisher.flush();
        const [message] = await c.waitFor(1);
        expect(message).toEqual({ subject: subject('team.t9.message'), data: { n: 1 } });
      });
    }
  });
}

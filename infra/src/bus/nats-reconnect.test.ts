import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from './port.ts';
import { busReconnectedSubject, createNatsBus } from './nats-bus.ts';
import { startPrivateNatsServer, type PrivateNatsServer } from './private-nats-server.ts';

// A NATS restart, for real: a nats-server of this test's own is killed and started again.

const server = await startPrivateNatsServer('NATS adapter reconnect');
const silentLog = { warn: () => {}, error: () => {} };

describe.skipIf(server === null)('NATS adapter across a server restart', () => {
  const nats = server as PrivateNatsServer;
  const buses: Bus[] = [];

  beforeAll(async () => {
    for (const name of ['subscriber', 'publisher']) {
      buses.push(await createNatsBus({ servers: nats.url, name, log: silentLog }));
    }
  });

  afterAll(async () => {
    // Closing right after a restart, before every connection is back, must still settle.
    await Promise.all(buses.map((bus) => bus.close()));
    await nats.close();
  });

  it('reports the reconnect once its subscriptions are live on the restarted server', async () => {
    const [subscriber, publisher] = buses as [Bus, Bus];
    const received: BusMessage[] = [];
    subscriber.subscribe('restart.probe', (message) => void received.push(message));
    const announced: BusMessage[] = [];
    subscriber.subscribe(busReconnectedSubject, (message) => void announced.push(message));
    let reconnects = 0;
    const reconnected = new Promise<void>((resolve) =>
      subscriber.onReconnect(() => {
        reconnects++;
        resolve();
      }),
    );
    await subscriber.flush();

    await nats.stop();
    await nats.start();
    await reconnected;
    expect(reconnects).toBe(1);
    expect(subscriber.isHealthy()).toBe(true);
    // It also tells its peers (here: itself, its own subscription being live again) that what it
    // published while down may be lost.
    await subscriber.flush();
    expect(announced.map((m) => m.data)).toContainEqual({ name: 'subscriber' });

    // The publisher may still be reconnecting; once it is, what it publishes must arrive.
    await new Promise<void>((resolve) => {
      if (publisher.isHealthy()) resolve();
      else publisher.onReconnect(resolve);
    });
    await publisher.publish('restart.probe', 'after');
    await publisher.flush();
    await subscriber.flush();
    expect(received.map((m) => m.data)).toEqual(['after']);
  });

  it('stops calling a listener once it is removed', async () => {
    const [subscriber] = buses as [Bus];
    let calls = 0;
    const remove = subscriber.onReconnect(() => void calls++);
    remove();
    const next = new Promise<void>((resolve) => subscriber.onReconnect(resolve));
    await nats.stop();
    await nats.start();
    await next;
    expect(calls).toBe(0);
  });

  it('closes cleanly while a connection is still reconnecting', async () => {
    const extra = await createNatsBus({ servers: nats.url, name: 'closing', log: silentLog });
    await nats.stop();
    const closed = extra.close();
    await nats.start();
    await expect(closed).resolves.toBeUndefined();
  });
});

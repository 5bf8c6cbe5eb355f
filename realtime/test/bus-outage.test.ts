import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus, type Bus } from '@sideline/infra';
import { startPrivateNatsServer, type PrivateNatsServer } from '@sideline/infra/bus/private-nats-server';
import { publishToTeam } from '../src/index.ts';
import { alice, bob, startGateway, StubSessionsAndTeams, type Gateway } from './gateway-harness.ts';

// A NATS restart under a gateway, for real: the test's own nats-server is killed and started
// again while real clients stay connected to the gateway. Whatever was published meanwhile went
// nowhere, so the gateway must tell its sockets to refetch, and re-read what notices keep current.

const nats = await startPrivateNatsServer('realtime gateway across a NATS restart');

describe.skipIf(nats === null)('realtime gateway across a NATS restart', () => {
  const server = nats as PrivateNatsServer;
  const stub = new StubSessionsAndTeams();
  const cookies = { alice: stub.signIn(alice, ['t1']), bob: stub.signIn(bob, ['t1']) };
  const silentLog = { warn: () => {}, error: () => {} };
  let gatewayBus: Bus;
  let projectorBus: Bus;
  let gateway: Gateway;

  beforeAll(async () => {
    gatewayBus = await createNatsBus({ servers: server.url, name: 'gateway', log: silentLog });
    projectorBus = await createNatsBus({ servers: server.url, name: 'projector', log: silentLog });
    gateway = await startGateway(gatewayBus, stub);
    gateway.app.log.level = 'silent';
    await gatewayBus.flush();
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([gatewayBus?.close(), projectorBus?.close()]);
    await server.close();
  });

  it('sends every open socket a resync frame, re-reads memberships and re-checks sessions', async () => {
    const a = await gateway.connect({ cookie: cookies.alice });
    const b = await gateway.connect({ cookie: cookies.bob });
    expect(await a.join(['t1'])).toEqual(['t1']);
    expect(await b.join(['t1'])).toEqual(['t1']);
    const lookups = stub.teamsOfCalls;

    await server.stop();
    // While NATS is down Bob signs out: the revocation notice is lost with the bus.
    stub.endSession(cookies.bob);
    await server.start();

    expect(await a.next('resync')).toEqual({ type: 'resync' });
    expect(await b.closed).toEqual({ code: 1008, reason: 'Session ended: signed out or expired' });
    // Memberships were re-read (a membership notice may have been lost too)...
    await waitUntil(() => stub.teamsOfCalls > lookups);
    // ...and the socket still gets its team's traffic once the publisher is back.
    await new Promise<void>((resolve) => (projectorBus.isHealthy() ? resolve() : projectorBus.onReconnect(resolve)));
    await publishToTeam(projectorBus, 't1', 'probe', { type: 'probe' });
    expect(await a.next('probe')).toEqual({ type: 'probe' });
    expect(gateway.app.realtimeStats()).toMatchObject({ connections: 1, teams: 1 });
    expect(gateway.app.realtimeStats().resyncs).toBeGreaterThanOrEqual(2);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

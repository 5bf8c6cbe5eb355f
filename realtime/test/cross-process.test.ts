import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus, type Bus } from '@sideline/infra';
import { natsForTests } from '@sideline/infra/bus/testing';
import { publishSessionRevoked, publishToTeam } from '../src/index.ts';
import { alice, bob, carol, startGateway, StubSessionsAndTeams, type Gateway } from './gateway-harness.ts';

// Split mode: two gateway processes (two Fastify apps, each with its own NATS connection) behind
// one load balancer, and a projector publishing on a third connection. Sessions and memberships
// are the test stub; the bus is the real NATS.

const natsUrl = await natsForTests('realtime fan-out across gateways');

describe.skipIf(natsUrl === null)('realtime fan-out across two gateways on one NATS', () => {
  // Team ids unique per run: other test files (and runs) share this NATS server.
  const run = Math.random().toString(36).slice(2, 10);
  const team = `team-${run}`;
  const otherTeam = `other-${run}`;
  const stub = new StubSessionsAndTeams();
  const cookies = {
    alice: stub.signIn(alice, [team]),
    bob: stub.signIn(bob, [team]),
    carol: stub.signIn(carol, [otherTeam]),
  };
  const buses: Bus[] = [];
  let gateway1: Gateway;
  let gateway2: Gateway;
  let projectorBus: Bus;

  async function nats(name: string): Promise<Bus> {
    const bus = await createNatsBus({ servers: natsUrl ?? '', name });
    buses.push(bus);
    return bus;
  }

  beforeAll(async () => {
    gateway1 = await startGateway(await nats('gateway-1'), stub);
    gateway2 = await startGateway(await nats('gateway-2'), stub);
    projectorBus = await nats('projector');
    // Each gateway subscribed while starting; make sure NATS has the SUBs before anyone publishes.
    await Promise.all(buses.map((bus) => bus.flush()));
  });

  afterAll(async () => {
    await gateway1?.close();
    await gateway2?.close();
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it("delivers a projector's publishToTeam to the team's clients on both gateways", async () => {
    const a = await gateway1.connect({ cookie: cookies.alice });
    const b = await gateway2.connect({ cookie: cookies.bob });
    const c = await gateway2.connect({ cookie: cookies.carol });
    await a.join([team]);
    await b.join([team]);
    await c.join([otherTeam]);

    const frame = {
      type: 'new_message' as const,
      message: {
        id: `m-${run}`,
        teamId: team,
        content: 'Bus leaves at 8',
        senderId: alice.id,
        senderName: 'Alice',
        mediaUrl: null,
        timestamp: new Date().toISOString(),
      },
    };
    await publishToTeam(projectorBus, team, 'message', frame);
    await publishToTeam(projectorBus, otherTeam, 'probe', { type: 'probe' });
    await projectorBus.flush();
    expect(await a.next()).toEqual(frame);
    expect(await b.next()).toEqual(frame);
    expect(await c.next()).toEqual({ type: 'probe' });
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('carries typing from a client on gateway 1 to a team member on gateway 2, exactly once', async () => {
    const a = await gateway1.connect({ cookie: cookies.alice });
    const b = await gateway2.connect({ cookie: cookies.bob });
    await a.join([team]);
    await b.join([team]);

    a.send({ type: 'typing', teamId: team, isTyping: true, userName: 'Not Alice' });
    expect(await b.next()).toEqual({
      type: 'typing_update',
      teamId: team,
      userId: alice.id,
      userName: 'Alice',
      isTyping: true,
    });
    // Both gateways saw the bus message; only gateway 2 has Bob, and Alice is never told of
    // her own typing: the probe is the next frame each of them gets.
    await publishToTeam(projectorBus, team, 'probe', { type: 'probe' });
    expect(await b.next()).toEqual({ type: 'probe' });
    expect(await a.next()).toEqual({ type: 'probe' });
  });

  it("closes a revoked session's sockets on every gateway, and nobody else's", async () => {
    const tabletCookie = stub.signIn(alice, [team], `sid-alice-tablet-${run}`);
    const onGateway1 = await gateway1.connect({ cookie: cookies.alice });
    const onGateway2 = await gateway2.connect({ cookie: cookies.alice });
    const tablet = await gateway2.connect({ cookie: tabletCookie });
    const b = await gateway1.connect({ cookie: cookies.bob });
    await tablet.join([team]);
    await b.join([team]);

    // Sign-out runs in an api process: it only has the bus.
    await publishSessionRevoked(projectorBus, alice.id, cookies.alice.replace('sid=', ''));
    await projectorBus.flush();
    for (const socket of [onGateway1, onGateway2]) {
      expect(await socket.closed).toEqual({ code: 1008, reason: 'Session ended: signed out or expired' });
    }
    await publishToTeam(projectorBus, team, 'probe', { type: 'probe' });
    expect(await tablet.next('probe')).toEqual({ type: 'probe' });
    expect(await b.next('probe')).toEqual({ type: 'probe' });
  });
});

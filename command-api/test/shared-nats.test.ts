import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createNatsBus, formatPosition, START, type Bus } from '@sideline/infra';
import { natsForTests } from '@sideline/infra/bus/testing';
import { postgresAvailable, requireServices, testServerUrl } from '@sideline/infra/testing';
import { signUp } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Two deployments (each its own PostgreSQL database) whose processes share one NATS server, as
// staging and production might, or the test databases of one PostgreSQL server.
const natsUrl = await natsForTests('two deployments on one NATS');
const postgres = await postgresAvailable();
if (!postgres && requireServices()) throw new Error('PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1)');
if (!postgres) console.warn('[skip] two deployments on one NATS: PostgreSQL is unreachable');

describe.skipIf(natsUrl === null || !postgres)('two deployments sharing one NATS server', () => {
  const buses: Bus[] = [];
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const bus of buses) await bus.close();
  });

  async function nats(name: string): Promise<Bus> {
    const bus = await createNatsBus({ servers: natsUrl!, name });
    buses.push(bus);
    return bus;
  }

  it("an api process never takes the other deployment's projection positions for its own", async () => {
    const busA = await nats('deployment-a');
    const busB = await nats('deployment-b-api');
    const a = await startTestServer({ bus: busA });
    servers.push(a);
    // Deployment B's api process: no projector of B runs, so nothing of B's log is projected.
    const b = await startTestServer({
      bus: busB,
      env: { SIDELINE_ROLE: 'api', NATS_URL: natsUrl!, DATABASE_URL: testServerUrl() },
    });
    servers.push(b);

    const metadata = {
      actorId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    const { position } = await b.eventStore.appendToStream(
      `probe-${randomUUID()}`,
      [{ type: 'ProbeRecorded', data: {}, metadata }],
      { expectedRevision: 'no_stream' },
    );
    // Deployment A keeps working; its projector announces positions with later transaction ids.
    await signUp(a.url, 'coach');
    expect(a.server.progress.reached(position)).toBe(true);

    // Everything A's connection published before this marker has reached B's connection.
    const marker = `sideline.test.marker.${randomUUID()}`;
    const heard = new Promise<void>((resolve) => busB.subscribe(marker, () => resolve()));
    await busB.flush();
    await busA.publish(marker, {});
    await heard;

    expect(b.server.progress.reached(position)).toBe(false);
    expect(new Set(Object.values(b.server.progress.snapshot()))).toEqual(new Set([formatPosition(START)]));
  });
});

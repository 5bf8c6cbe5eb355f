import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { describe } from 'vitest';
import { eventStoreContract, type ContractSetup } from './contract.test-suite.ts';
import { createEventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.ts';

const IMAGE = 'eventstore/eventstore:24.10';

/** EVENTSTORE_URL when set, else a container when a Docker engine is found, else why not. */
async function findTarget(): Promise<{ url?: string; container?: true; skip?: string }> {
  if (process.env.EVENTSTORE_URL) return { url: process.env.EVENTSTORE_URL };
  try {
    await getContainerRuntimeClient();
    return { container: true };
  } catch (error) {
    return { skip: `EVENTSTORE_URL is not set and no container runtime: ${(error as Error).message}` };
  }
}

const target = await findTarget();
if (target.skip) console.warn(`Skipping the EventStoreDB event store suite: ${target.skip}`);

let started: Promise<{ url: string; container?: StartedTestContainer }> | undefined;
let open = 0;

function start(): Promise<{ url: string; container?: StartedTestContainer }> {
  started ??= (async () => {
    if (target.url) return { url: target.url };
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_CLUSTER_SIZE: '1',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    return { url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, container };
  })();
  return started;
}

const setup: ContractSetup = async ({ upcast }) => {
  const { url, container } = await start();
  open += 1;
  const store = createEventStoreDbEventStore({ connectionString: url, ...(upcast && { upcast }) });
  return {
    store,
    async close() {
      await store.close();
      open -= 1;
      if (open === 0) await container?.stop();
    },
  };
};

if (target.skip) {
  describe.skip(`EventStoreDB event store (skipped: ${target.skip})`, () => eventStoreContract(setup));
} else {
  describe('EventStoreDB event store', () => eventStoreContract(setup));
}

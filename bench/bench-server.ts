import {
  createLogger,
  createPostgresEventStore,
  loadConfig,
  type Bus,
  type Database,
  type EventStore,
} from '@sideline/infra';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { createSidelineServer, type SidelineServer } from '../command-api/src/server.ts';

type ServerOptions = Omit<
  Parameters<typeof createSidelineServer>[0],
  'config' | 'database' | 'eventStore' | 'bus' | 'logger'
>;

export interface BenchServer {
  server: SidelineServer;
  /** http://127.0.0.1:{port} */
  url: string;
  eventStore: EventStore;
  /** Stops the server and its event store; the database and the bus stay with their owner. */
  close(): Promise<void>;
}

/**
 * Sideline's server in this process as a bench measures it: its own event store on `database`,
 * silent, no web app, the cheapest password hashing (sign-ups are set-up, not what is measured),
 * listening on a free port. `env` is configuration as `npm start` would read it.
 */
export async function startBenchServer(
  database: Database,
  bus: Bus,
  env: Parameters<typeof loadConfig>[0] = {},
  options: ServerOptions = {},
): Promise<BenchServer> {
  const eventStore = createPostgresEventStore(database);
  const server = await createSidelineServer({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    database,
    eventStore,
    bus,
    logger: createLogger({ level: 'silent' }),
    passwords: createPasswordHasher(10),
    webDist: null,
    ...options,
  });
  const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  return {
    server,
    url,
    eventStore,
    async close() {
      await server.close();
      await eventStore.close();
    },
  };
}

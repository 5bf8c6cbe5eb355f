import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createInProcessBus,
  createLogger,
  loadConfig,
  type Bus,
  type Database,
  type EventStore,
  type Logger,
} from '@sideline/infra';
import { createTestDatabase, type TestDatabaseKind } from '@sideline/infra/testing';
import { createPostgresEventStore } from '@sideline/infra';
import { createPasswordHasher } from '../src/identity/passwords.ts';
import { allMigrations } from '../src/migrations.ts';
import { createSidelineServer, type SidelineServer } from '../src/server.ts';

export interface TestServer {
  url: string;
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  server: SidelineServer;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (PostgreSQL when reachable, else PGlite), listening on a free
 * loopback port. scrypt runs at N=2^12 here instead of 2^17 so suites stay fast; the hash format
 * and code path are the production ones.
 */
export async function startTestServer(
  options: {
    bus?: Bus;
    env?: NodeJS.ProcessEnv;
    kind?: TestDatabaseKind;
    clock?: () => Date;
    /** Another server's database: a second process of the same deployment. Its owner closes it. */
    database?: Database;
    /** The web app's index.html the server is given (a bare page by default). */
    indexHtml?: string;
    /** How often due reminders are looked for. */
    reminderIntervalMs?: number;
    chatDigestPollMs?: number;
    /** Where the server logs (silent unless given: tests that read log lines pass their own). */
    logger?: Logger;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(allMigrations, options.kind));
  const eventStore = createPostgresEventStore(database);
  const bus = options.bus ?? createInProcessBus();
  const webDist = mkdtempSync(path.join(tmpdir(), 'sideline-spa-'));
  writeFileSync(path.join(webDist, 'index.html'), options.indexHtml ?? '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), 'export const app = 1;');
  writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.css'), 'body { margin: 0 }');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const server = await createSidelineServer({
    // The RTMP ingest listens on a port: only the suites that test it turn it on (with a free port).
    config: loadConfig({ LOG_LEVEL: 'silent', RTMP_ENABLED: '0', ...options.env }),
    database,
    eventStore,
    bus,
    logger: options.logger ?? createLogger({ level: 'silent' }),
    passwords: createPasswordHasher(12),
    webDist,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.reminderIntervalMs !== undefined ? { reminderIntervalMs: options.reminderIntervalMs } : {}),
    ...(options.chatDigestPollMs !== undefined ? { chatDigestPollMs: options.chatDigestPollMs } : {}),
  });
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address.replace('[::1]', '127.0.0.1'),
    database,
    eventStore,
    bus,
    server,
    async close() {
      await server.close();
      await eventStore.close();
      if (!options.bus) await bus.close();
      if (!options.database) await database.close();
    },
  };
}

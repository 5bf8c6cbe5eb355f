import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { requireServices, servicesOff } from '../testing/services.ts';
import { natsAvailable } from './nats-available.ts';

/**
 * A nats-server of a test's own, on a free loopback port, that the test may stop and start
 * again (a NATS restart or outage) without disturbing the shared server other suites use.
 * Import from '@sideline/infra/bus/private-nats-server' (kept out of the main barrel).
 */
export interface PrivateNatsServer {
  readonly url: string;
  /** Ends the server (SIGKILL: an outage, not a graceful shutdown) and waits for its exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Ends it for good. */
  close(): Promise<void>;
}

const candidates = [
  process.env.NATS_SERVER_BIN,
  '/usr/sbin/nats-server',
  '/usr/bin/nats-server',
  '/usr/local/bin/nats-server',
];

/**
 * Starts one, or returns null after printing why the suite skips (no nats-server binary).
 * Under SIDELINE_REQUIRE_SERVICES=1 (CI) a missing binary is a failure, not a skip; under
 * SIDELINE_TEST_SERVICES=none (no external processes) the suite skips.
 */
export async function startPrivateNatsServer(suite: string): Promise<PrivateNatsServer | null> {
  if (servicesOff()) {
    console.warn(`[skip] ${suite}: SIDELINE_TEST_SERVICES=none`);
    return null;
  }
  const binary = candidates.find((path): path is string => path !== undefined && existsSync(path));
  if (!binary) {
    const reason = 'no nats-server binary (set NATS_SERVER_BIN)';
    if (requireServices()) {
      throw new Error(`${suite}: ${reason} and SIDELINE_REQUIRE_SERVICES=1`);
    }
    console.warn(`[skip] ${suite}: ${reason}`);
    return null;
  }
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    if (child) return;
    const started = spawn(binary!, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    child = started;
    started.once('exit', () => {
      if (child === started) child = null;
    });
    const deadline = Date.now() + 10_000;
    while (!(await natsAvailable(url, 500))) {
      if (child !== started) throw new Error(`nats-server on port ${port} exited while starting`);
      if (Date.now() > deadline) throw new Error(`nats-server on port ${port} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url, start, stop, close: stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

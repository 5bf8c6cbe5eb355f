import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStartCommand } from '@sideline/infra/build/start-command';
import { natsForTests } from '@sideline/infra/bus/testing';
import { createTestDatabase, postgresAvailable, requireServices, testServerUrl } from '@sideline/infra/testing';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** embedded: PGlite and the in-process bus (`npm start`); services: PostgreSQL and NATS. */
export type SidelineMode = 'embedded' | 'services';

export interface SidelineProcess {
  url: string;
  dataDir: string;
  /** The Sideline process itself (node runs the bundle directly), as /api/health names it. */
  pid: number;
  output: () => string;
  /** Ctrl-C, as a person stops `npm start`; resolves when the process has exited. */
  stop(): Promise<number | null>;
  /** `kill -9`: no shutdown at all; resolves when the process is gone. */
  kill(): Promise<void>;
  /** Stops and deletes the data folder (and the database of a services-mode run). */
  destroy(): Promise<void>;
}

/**
 * The modes an end-to-end suite runs in: embedded always, services when PostgreSQL and NATS
 * answer. A missing service is skipped with the reason printed, or fails the run under
 * SIDELINE_REQUIRE_SERVICES=1 (CI).
 */
export async function sidelineModes(suite: string): Promise<SidelineMode[]> {
  if (!(await postgresAvailable())) {
    const reason = `PostgreSQL unreachable at ${testServerUrl()}`;
    if (requireServices()) throw new Error(`${suite} (services mode): ${reason} and SIDELINE_REQUIRE_SERVICES=1`);
    console.warn(`[skip] ${suite} (services mode): ${reason}`);
    return ['embedded'];
  }
  return (await natsForTests(`${suite} (services mode)`)) === null ? ['embedded'] : ['embedded', 'services'];
}

export interface Services {
  /** DATABASE_URL (a fresh, empty database: Sideline migrates it on start) and NATS_URL. */
  env: { DATABASE_URL: string; NATS_URL: string };
  /** Drops the database. */
  close(): Promise<void>;
}

/** A fresh PostgreSQL database for one run, and the NATS server the tests use. */
export async function startServices(): Promise<Services> {
  const natsUrl = await natsForTests('Sideline in services mode');
  if (natsUrl === null) throw new Error('NATS is unreachable');
  const database = await createTestDatabase({}, 'postgres');
  return {
    env: { DATABASE_URL: database.url!, NATS_URL: natsUrl },
    close: () => database.close(),
  };
}

/**
 * Starts Sideline exactly as `npm start` does (the server bundle, embedded mode by default)
 * on a free port, with its own data folder unless one is given. `mode: 'services'` gives it a
 * fresh PostgreSQL database and NATS; `env` sets anything else (SIDELINE_ROLE for split mode).
 */
export async function startSideline(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; mode?: SidelineMode } = {},
): Promise<SidelineProcess> {
  const services = options.mode === 'services' ? await startServices() : null;
  let sideline: SidelineProcess | undefined;
  try {
    sideline = await spawnSideline({ ...options, env: { ...services?.env, ...options.env } }, services);
    // A suite parametrised by mode must really run in that mode.
    const { mode } = (await (await fetch(`${sideline.url}/api/health`)).json()) as { mode: string };
    if (mode !== (options.mode ?? mode)) throw new Error(`Sideline runs in ${mode} mode, not ${options.mode}`);
    return sideline;
  } catch (error) {
    if (sideline) await sideline.destroy();
    else await services?.close();
    throw error;
  }
}

async function spawnSideline(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv },
  services: Services | null,
): Promise<SidelineProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sideline-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // Services mode only when a test asks for it: the default is the newcomer's embedded mode.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.NATS_URL) delete env.NATS_URL;
  delete env.EVENTSTORE_URL;
  // npm start's last step (package.json): its environment, node flags and the server bundle
  // (built once for the e2e run by build-server.ts).
  const start = readStartCommand();
  const child: ChildProcess = spawn(process.execPath, [...start.nodeFlags, start.entry], {
    cwd: repoRoot,
    env: { ...start.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A seeded start takes seconds alone, but over a minute on two cores shared with other suites.
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Sideline did not start in 120 s:\n${output}`)), 120_000);
    const onData = () => {
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Sideline exited with ${code} before starting:\n${output}`));
    });
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGINT');
    return exited;
  };
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    stop,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async destroy() {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      await services?.close();
    },
  };
}

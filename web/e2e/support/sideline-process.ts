import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SidelineProcess {
  url: string;
  dataDir: string;
  output: () => string;
  /** Ctrl-C, as a person stops `npm start`; resolves when the process has exited. */
  stop(): Promise<number | null>;
  /** Stops and deletes the data folder. */
  destroy(): Promise<void>;
}

/**
 * Starts Sideline exactly as `npm start` does (command-api/src/main.ts, embedded mode by default)
 * on a free port, with its own data folder unless one is given.
 */
export async function startSideline(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {},
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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'command-api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Sideline did not start in 60 s:\n${output}`)), 60_000);
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
    if (child.exitCode !== null) return child.exitCode;
    child.kill('SIGINT');
    return exited;
  };
  return {
    url,
    dataDir,
    output: () => output,
    stop,
    async destroy() {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

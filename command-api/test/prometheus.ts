import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's `prometheus` (installed by .ci/run), when this machine has it. */
export function prometheusInstalled(): boolean {
  return !spawnSync('prometheus', ['--version'], { stdio: 'ignore' }).error;
}

export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface Prometheus {
  url: string;
  /** An instant query through the HTTP API (`/api/v1/query`). */
  query(expression: string): Promise<Sample[]>;
  /** Queries until `accept` likes the answer; throws with the last answer after the timeout. */
  queryUntil(expression: string, accept: (samples: Sample[]) => boolean, timeoutMs?: number): Promise<Sample[]>;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const running = new Set<ChildProcess>();
// A test run that dies must not leave a Prometheus behind (there is no systemd to stop it).
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A real Prometheus server scraping `target` (`host:port`, path /metrics) every second. */
export async function startPrometheus(target: string): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sideline-prometheus-'));
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: sideline',
      '    metrics_path: /metrics',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  }

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus exited with ${child.exitCode}: ${output}`);
    }
    const ready = await fetch(`${url}/-/ready`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not become ready: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function query(expression: string): Promise<Sample[]> {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`query ${expression} failed: ${body.error}`);
    return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  }

  return {
    url,
    query,
    async queryUntil(expression, accept, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const samples = await query(expression);
        if (accept(samples)) return samples;
        if (Date.now() > until) throw new Error(`${expression} never matched; last: ${JSON.stringify(samples)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop,
  };
}

import { fork, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A forked bench process (server, socket driver or raw ws baseline) spoken to over IPC: each
 * request carries an id, and the child answers `{ id, result }` or `{ id, error }`.
 */
export class Child {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: any) => void; reject: (e: Error) => void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
    child.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`bench child exited (${code})`));
      this.pending.clear();
    });
  }

  /**
   * Forks `file` (next to this one) under tsx, and waits for its first message ('ready'). With
   * `asStarted`, the file is bundled first and runs as `npm start` runs the server: plain node,
   * with npm start's flags and environment (package.json). `nodeFlags` are added to node's.
   */
  static async start(
    file: string,
    env: Record<string, string> = {},
    options: { asStarted?: boolean; nodeFlags?: string[] } = {},
  ): Promise<Child> {
    let modulePath = path.join(import.meta.dirname, file);
    let execArgv = process.execArgv;
    let startEnv: Record<string, string> = {};
    if (options.asStarted) {
      // Imported here: the bundled child holds this module too, and must not load esbuild.
      const { bundleServer } = await import('@sideline/infra/build/bundle-server');
      const { readStartCommand } = await import('@sideline/infra/build/start-command');
      const start = readStartCommand();
      modulePath = path.join(import.meta.dirname, 'dist', file.replace(/\.ts$/, '.mjs'));
      await bundleServer({ entry: path.join(import.meta.dirname, file), outfile: modulePath });
      execArgv = start.nodeFlags;
      startEnv = start.env;
    }
    const child = fork(modulePath, {
      execArgv: [...execArgv, ...(options.nodeFlags ?? [])],
      env: { ...process.env, ...startEnv, ...env },
      serialization: 'advanced',
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${file} exited before it was ready (${code})`)));
    });
    child.removeAllListeners('exit');
    child.removeAllListeners('error');
    return new Child(child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  request<T>(type: string, payload: unknown = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, type, payload });
    });
  }

  /** Asks the child to exit and waits until it has. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ id: -1, type: 'exit', payload: {} });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The child's side: answers requests with `handlers[type]`, exits on 'exit'. */
export function serveRequests(
  handlers: Record<string, (payload: any) => Promise<unknown> | unknown>,
  onExit: () => Promise<void> = async () => {},
): void {
  process.on('message', (message: { id: number; type: string; payload: unknown }) => {
    if (message.type === 'exit') {
      void onExit().finally(() => process.exit(0));
      return;
    }
    const handler = handlers[message.type];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown request ${message.type}`);
        return handler(message.payload);
      })
      .then(
        (result) => process.send!({ id: message.id, result }),
        (err: unknown) => process.send!({ id: message.id, error: err instanceof Error ? err.stack : String(err) }),
      );
  });
  process.send!('ready');
}

/** Resident set size and CPU time (user + system) of a process, read from /proc (Linux). */
export async function processUsage(pid: number): Promise<{ rssBytes: number; cpuMs: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return { rssBytes: rssKb * 1024, cpuMs: cpuMsOf(await readFile(`/proc/${pid}/stat`, 'utf8')) };
}

/** /proc reports CPU time in clock ticks (USER_HZ, 100 a second on Linux). */
const MS_PER_TICK = 1000 / 100;

/** User + system CPU time (ms) in a /proc/{pid}/stat line. */
function cpuMsOf(stat: string): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK; // utime, stime (fields 14, 15)
}

/** Samples a process's RSS every `everyMs` until stopped; the peak and the last sample. */
export function sampleRss(pid: number, everyMs = 200): { stop(): Promise<{ peak: number; last: number }> } {
  let peak = 0;
  let last = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        last = (await processUsage(pid)).rssBytes;
        peak = Math.max(peak, last);
      } catch {
        // The process is gone.
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak, last };
    },
  };
}

/**
 * CPU time (ms, user + system) of the whole machine and of its PostgreSQL processes so far, read
 * from /proc: the difference over a run is what a message costs everything it wakes, not only the
 * server (on two cores, what the others take is what the server waits for).
 */
export async function machineUsage(): Promise<{ cpuMs: number; postgresCpuMs: number }> {
  const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = cpu!.trim().split(/\s+/).slice(1).map(Number);
  let postgresCpuMs = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) postgresCpuMs += cpuMsOf(stat);
    } catch {
      // The process is gone.
    }
  }
  return { cpuMs: (user! + nice! + system! + irq! + softirq! + steal!) * MS_PER_TICK, postgresCpuMs };
}

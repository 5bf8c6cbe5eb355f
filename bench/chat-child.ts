import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
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
   * Forks `file` (next to this one) and waits for its first message ('ready'). `nodeFlags` are
   * added to this process's own (tsx's loader).
   */
  static async start(file: string, env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<Child> {
    const child = fork(path.join(import.meta.dirname, file), {
      execArgv: [...process.execArgv, ...nodeFlags],
      env: { ...process.env, ...env },
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

/**
 * The flags `npm start` gives Node (the `--…` between `tsx` and `command-api/src/main.ts` in the
 * root package.json), so that a measured server runs as a started one does.
 */
export async function startNodeFlags(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\btsx((?: --\S+)*) command-api\/src\/main\.ts/.exec(manifest.scripts.start);
  if (!flags) throw new Error(`cannot read the node flags of npm start: ${manifest.scripts.start}`);
  return flags[1]!.trim().split(' ').filter(Boolean);
}

/** Resident set size and CPU time (user + system) of a process, read from /proc (Linux). */
export async function processUsage(pid: number): Promise<{ rssBytes: number; cpuMs: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  return { rssBytes: rssKb * 1024, cpuMs: (ticks * 1000) / 100 };
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

import { randomUUID } from 'node:crypto';
import { Client } from 'undici';

/**
 * The load generator of `npm run bench -- reads`, forked as its own process so the clients never
 * share the server's event loop. Closed loop: each connection sends its next GET when the last
 * answer has been read to the end. The targets (the route and its bare twin) take turns in short
 * slices, so both meet the same load from whatever else runs on the machine.
 */
export interface LoadTarget {
  /** Origin of the server under test. */
  url: string;
  /** One request per connection (its own path and cookie): connection i sends requests[i % n]. */
  requests: Array<{ path: string; headers: Record<string, string> }>;
  /**
   * POSTs sent alongside this target's slices at a steady rate, round robin (`{uuid}` in a body
   * becomes a fresh id): reads that meet writes, as on a real Saturday morning.
   */
  writes?: { perSecond: number; requests: Array<{ path: string; headers: Record<string, string>; body: string }> };
}

export interface LoadJob {
  targets: LoadTarget[];
  connections: number;
  /** Measured seconds per target, after one slice of warm-up each. */
  seconds: number;
  sliceSeconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  /** POSTs answered 2xx during the slices (targets with writes). */
  writes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runJob(job: LoadJob): Promise<LoadResult[]> {
  const state = job.targets.map((target) => ({
    target,
    clients: Array.from({ length: job.connections }, () => new Client(target.url, { pipelining: 1 })),
    latencies: [] as number[],
    failed: 0,
    busySeconds: 0,
    writer: target.writes ? new Client(target.url, { pipelining: 1 }) : null,
    writes: 0,
    nextWrite: 0,
  }));
  const write = async (s: (typeof state)[number], until: number) => {
    const { writes } = s.target;
    if (!writes || !s.writer) return;
    const interval = 1000 / writes.perSecond;
    for (let at = performance.now(); at < until; at += interval) {
      const request = writes.requests[s.nextWrite++ % writes.requests.length]!;
      const response = await s.writer.request({
        method: 'POST',
        path: request.path,
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: request.body.replaceAll('{uuid}', randomUUID()),
      });
      await response.body.arrayBuffer();
      if (response.statusCode < 300) s.writes++;
      const wait = at + interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const slice = async (s: (typeof state)[number], seconds: number, record: boolean) => {
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all([
      write(s, until),
      ...s.clients.map(async (client, i) => {
        const request = s.target.requests[i % s.target.requests.length]!;
        while (performance.now() < until) {
          const at = performance.now();
          try {
            const response = await client.request({ method: 'GET', path: request.path, headers: request.headers });
            await response.body.arrayBuffer();
            if (!record) continue;
            if (response.statusCode === 200) s.latencies.push(performance.now() - at);
            else s.failed++;
          } catch {
            if (record) s.failed++;
          }
        }
      }),
    ]);
    if (record) s.busySeconds += (performance.now() - started) / 1000;
  };
  try {
    for (const s of state) await slice(s, job.sliceSeconds, false);
    for (let done = 0; done < job.seconds; done += job.sliceSeconds) {
      for (const s of state) await slice(s, job.sliceSeconds, true);
    }
  } finally {
    await Promise.all(state.flatMap((s) => [...s.clients, ...(s.writer ? [s.writer] : [])].map((c) => c.close())));
  }
  return state.map((s) => {
    const sorted = s.latencies.sort((a, b) => a - b);
    return {
      rps: sorted.length / s.busySeconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      requests: sorted.length,
      failed: s.failed,
      writes: s.writes,
    };
  });
}

process.on('message', (message: { id: number; job: LoadJob } | 'exit') => {
  if (message === 'exit') return process.exit(0);
  runJob(message.job).then(
    (results) => process.send!({ id: message.id, results }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});
process.send!('ready');

import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Profiles this process's own CPU (the server's event loop) while `work` runs. */
export async function profileWhile<T>(file: string, work: () => Promise<T>): Promise<{ result: T; summary: string }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let profile: Profile | undefined;
  const stop = async () => {
    ({ profile } = (await session.post('Profiler.stop')) as { profile: Profile });
    session.disconnect();
    await writeFile(file, JSON.stringify(profile));
  };
  const result = await work().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  await stop();
  const summary = summarise(profile!);
  return { result, summary };
}

/** Where a frame comes from: a package in node_modules, a workspace folder, or Node itself. */
function origin(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  const match = /\/(domain|infra|projections|command-api|realtime|bench)\/src?\//.exec(url) ?? /\/(bench)\//.exec(url);
  return match ? `@sideline/${match[1]}` : url;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** Top frames by self time, by inclusive time, and self time per package. */
export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const node = byId.get(id)!;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    const pkg = node.callFrame.functionName === '(idle)' ? '(idle)' : origin(node.callFrame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameName(byId.get(at)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt);
    }
  });
  const table = (title: string, entries: Map<string, number>, n: number) =>
    [
      `${title}`,
      ...[...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(
          ([name, us]) =>
            `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
        ),
    ].join('\n');
  return [
    `profile: ${(total / 1e6).toFixed(1)} s sampled`,
    table('self time by package', packages, 20),
    table('self time by frame', self, top),
    table('inclusive time by frame', inclusive, top + 15),
  ].join('\n\n');
}

interface AllocationNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocationNode[];
}

/**
 * Samples what this process allocates (V8's sampling heap profiler, with objects already
 * collected kept in the sample) while `work` runs: where the garbage comes from. With `promoted`,
 * only what outlived the young generation (survived its collections, so was moved to the old one,
 * where it stays until a full collection): what makes the old generation, and the RSS, grow.
 */
export async function allocationsWhile<T>(
  file: string,
  work: () => Promise<T>,
  { promoted = false }: { promoted?: boolean } = {},
): Promise<{ result: T; summary: string }> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !promoted,
  });
  try {
    const result = await work();
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: AllocationNode } };
    await writeFile(file, JSON.stringify(profile));
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let total = 0;
    const walk = (node: AllocationNode, path: string[]): number => {
      const name = frameName({ id: 0, callFrame: node.callFrame });
      let size = node.selfSize;
      self.set(name, (self.get(name) ?? 0) + node.selfSize);
      total += node.selfSize;
      for (const child of node.children) size += walk(child, [...path, name]);
      if (!path.includes(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + size);
      return size;
    };
    walk(profile.head, []);
    const table = (title: string, entries: Map<string, number>, n: number) =>
      [
        title,
        ...[...entries]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(
            ([name, bytes]) =>
              `  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${(bytes / 2 ** 20).toFixed(1).padStart(7)} MB  ${name}`,
          ),
      ].join('\n');
    const summary = [
      `${promoted ? 'promoted' : 'allocated'} (sampled): ${(total / 2 ** 20).toFixed(0)} MB`,
      table('allocated by frame (self)', self, 30),
      table('allocated by frame (inclusive)', inclusive, 40),
    ].join('\n\n');
    return { result, summary };
  } finally {
    session.disconnect();
  }
}

import { spawnSync } from 'node:child_process';

/**
 * `npx tsx bench/run.ts [name …]` runs the named benches (all when none is named), each in a
 * process of its own (this file again, with SIDELINE_BENCH naming the one to run): what one bench
 * loaded and left behind is not the next one's garbage, and a bench can ask for node flags of its
 * own. Add a bench by adding an entry here.
 */
const benches: Record<string, { run: () => Promise<void>; nodeFlags?: string[] }> = {
  'event-store': { run: async () => (await import('./event-store.ts')).benchEventStore() },
  chat: {
    run: async () => (await import('./chat.ts')).benchChat(),
    // This process orchestrates the chat bench's processes and is idle for seconds at a time, as
    // are the socket driver and the seeder it forks with its own flags: V8's memory reducer then
    // collected its heap (and tsx's loader thread's) in the middle of measured runs, on five
    // threads for 300 ms on a two-core machine, and paused the driver 25–33 ms. The measured
    // server runs with npm start's flags (docs/performance.md, Chat).
    // --expose-gc: the orchestrator and the driver collect their garbage before each warm-up.
    nodeFlags: ['--no-memory-reducer', '--expose-gc'],
  },
  events: { run: async () => (await import('./events.ts')).benchEvents() },
  media: { run: async () => (await import('./media.ts')).benchMedia() },
  contention: { run: async () => (await import('./contention.ts')).benchContention() },
  web: { run: async () => (await import('./web.ts')).benchWeb() },
  reads: { run: async () => (await import('./reads.ts')).benchReads() },
  matches: { run: async () => (await import('./matches.ts')).benchMatches() },
  livestream: { run: async () => (await import('./livestream.ts')).benchLivestream() },
  activity: { run: async () => (await import('./activity.ts')).benchActivity() },
  notify: { run: async () => (await import('./notify.ts')).benchNotify() },
  export: { run: async () => (await import('./export.ts')).benchExport() },
};

const one = process.env.SIDELINE_BENCH;
if (one) {
  await benches[one]!.run();
} else {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in benches));
  if (unknown.length > 0) {
    console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  for (const name of requested.length > 0 ? requested : Object.keys(benches)) {
    console.log(`\n## ${name}\n`);
    const started = performance.now();
    // Synchronous: this process runs nothing of its own while a bench measures.
    const { status, signal } = spawnSync(
      process.execPath,
      [...process.execArgv, ...(benches[name]!.nodeFlags ?? []), import.meta.filename],
      { stdio: 'inherit', env: { ...process.env, SIDELINE_BENCH: name } },
    );
    if (status !== 0) {
      console.error(`bench ${name} failed (${signal ?? `exit ${status}`})`);
      process.exit(1);
    }
    console.log(`\n(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

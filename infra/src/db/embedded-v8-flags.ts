import { setFlagsFromString } from 'node:v8';

/**
 * V8's settings for a process whose database runs in a thread of its own (the embedded server:
 * PGlite in pglite-worker.mjs), set just before that thread starts. Both threads keep a V8 heap,
 * and at 5,000 sockets the embedded server's RSS was 320–360 MB, above its 300 MB goal
 * (docs/performance.md, Chat):
 *
 * - `--max-semi-space-size=2`: V8 reads it when a thread's heap is created, so it sizes the
 *   database thread's young generation only (two 8 MB halves become two of 2 MB; what that thread
 *   allocates is query results on their way to the main thread). The main thread keeps npm
 *   start's 8 MB from its command line: a smaller one there promoted more garbage.
 * - `--heap-growing-percent=20`: V8 reads it each time it sets a heap's next full-collection
 *   limit, so from then on both threads collect when their old generation has grown 20 % past what
 *   was live, not V8's default of up to several times that. Under chat load the main thread's old
 *   generation otherwise held 40–55 MB of garbage by the end of a run.
 *
 *   Together these two took the 5,000-socket peak from 320–369 MB to 262–282 MB; at 500 sockets
 *   p99 stayed within the runs' spread (31–43 ms). 4 and 30 % gave 283–305 MB.
 * - `--liftoff-only`: PGlite's WebAssembly stays in V8's baseline compiler. V8 otherwise recompiles
 *   each hot PostgreSQL function with its optimising compiler on a helper thread, whenever it gets
 *   hot, also hours after start, and one such compile of a big function (the executor's, the
 *   parser's) takes up to 24 MB of working memory at once, 42 MB in all, from glibc's arena of
 *   that helper thread. Under chat load it compiled 1,480 functions; the arenas stood at 32–68
 *   MB, a different figure each run, and a spike lasted until glibc trimmed it. Without it: 11–12
 *   MB of arenas, the 5,000-socket peak at 254–256 MB against 276–298, idle 30–35 MB lower, p99
 *   within the runs' spread, server CPU up 5–8 points at 5,000 sockets (none at 500). The flag
 *   says "for testing" in V8's list; it has one effect, this one, and an unknown flag would be
 *   ignored, not fatal.
 * - `--no-wasm-tier-up` and `--no-wasm-dynamic-tiering`: the same choice spelled out. V8 13 (Node
 *   24) draws them from `--liftoff-only` only when it reads its command line; set at run time,
 *   `--liftoff-only` alone left a hot function to be optimised within 0.3 s, with both negations
 *   it stays in Liftoff (Node 20 needs neither; either alone still tiers up).
 *
 * Not on npm start's command line: services mode (no database thread) is at 200 MB there, and
 * the heap settings from its start cost it p99 (more and longer collections).
 *
 * Node asks that `v8.setFlagsFromString` be used with care after start: these are sizes V8 reads
 * when it sizes a heap and a choice V8 reads when it compiles a module, not switches that change
 * code already running.
 */
const embeddedDatabaseV8Flags: readonly string[] = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=20',
  '--liftoff-only',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
];

export function tuneV8ForEmbeddedDatabase(): void {
  for (const flag of embeddedDatabaseV8Flags) setFlagsFromString(flag);
}

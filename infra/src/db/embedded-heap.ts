import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap settings for a process whose database runs in a thread of its own (the embedded
 * server: PGlite in pglite-worker.mjs), set just before that thread starts. Both threads keep a V8
 * heap, and at 5,000 sockets the embedded server's RSS was 320–360 MB, above its 300 MB goal
 * (README, Performance → Chat):
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
 * Together they took the 5,000-socket peak from 320–369 MB to 262–282 MB; at 500 sockets p99 stayed
 * within the runs' spread (31–43 ms). 4 and 30 % gave 283–305 MB.
 * Not on npm start's command line: services mode (no database thread) is at 200 MB there, and
 * the same settings from its start cost it p99 (more and longer collections).
 *
 * Node asks that `v8.setFlagsFromString` be used with care after start; these two are sizes V8
 * reads when it sizes a heap, not switches that change how code runs.
 */
const embeddedDatabaseHeapFlags: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

export function tuneHeapForEmbeddedDatabase(): void {
  for (const flag of embeddedDatabaseHeapFlags) setFlagsFromString(flag);
}

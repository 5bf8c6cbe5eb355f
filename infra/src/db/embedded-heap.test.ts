import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createPgliteDatabase } from './pglite-database.ts';

/** The heap limit of a thread started now: V8 sizes a heap's young generation as it creates it. */
function heapLimitOfANewThread(): Promise<number> {
  const worker = new Worker(
    "require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)",
    { eval: true, execArgv: [] },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (limit: number) => {
      void worker.terminate();
      resolve(limit);
    });
  });
}

describe("the embedded database's thread (embedded-heap.ts)", () => {
  it('starts with a young generation of 2 MB halves, three of which count in its heap limit', async () => {
    const before = await heapLimitOfANewThread();
    const database = await createPgliteDatabase({ thread: 'worker' });
    try {
      const after = await heapLimitOfANewThread();
      // The young generation is two halves and a space for new large objects, each as big as a
      // half: this process's default halves (at least 8 MB each) became 2 MB ones.
      expect(before - after).toBeGreaterThanOrEqual(3 * (8 - 2) * 2 ** 20);
      expect((before - after) % (3 * 2 ** 20)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type PgliteDatabase } from './pglite-database.ts';

/** What `code` posts back from a thread started now: V8 applies its flags as it creates the thread. */
function inANewThread<T>(code: string): Promise<T> {
  const worker = new Worker(code, { eval: true, execArgv: [] });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (value: T) => {
      void worker.terminate();
      resolve(value);
    });
  });
}

const heapLimit =
  "require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)";

/**
 * Whether a hot WebAssembly function (`add`, called in a loop) is recompiled by V8's optimising
 * compiler within 2 s; it takes a few milliseconds where tiering is on.
 */
const hotWasmTiersUp = `
const { parentPort } = require('node:worker_threads');
require('node:v8').setFlagsFromString('--allow-natives-syntax');
const bytes = new Uint8Array([0,97,115,109,1,0,0,0, 1,7,1,96,2,127,127,1,127, 3,2,1,0, 7,7,1,3,97,100,100,0,0, 10,9,1,7,0,32,0,32,1,106,11]);
const { add } = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
const isOptimised = new Function('f', 'return %IsTurboFanFunction(f)');
const start = Date.now();
let sum = 0;
(function spin() {
  for (let i = 0; i < 1e5; i++) sum = add(sum, i);
  if (isOptimised(add)) return parentPort.postMessage(true);
  if (Date.now() - start > 2000) return parentPort.postMessage(false);
  setTimeout(spin, 1);
})();`;

describe("the embedded database's thread (embedded-v8-flags.ts)", () => {
  let before: { heapLimit: number; tiersUp: boolean };
  let database: PgliteDatabase;

  beforeAll(async () => {
    before = { heapLimit: await inANewThread(heapLimit), tiersUp: await inANewThread(hotWasmTiersUp) };
    database = await createPgliteDatabase({ thread: 'worker' });
  });
  afterAll(() => database.close());

  it('starts with a young generation of 2 MB halves, three of which count in its heap limit', async () => {
    const after = await inANewThread<number>(heapLimit);
    // The young generation is two halves and a space for new large objects, each as big as a
    // half: this process's default halves (at least 8 MB each) became 2 MB ones.
    expect(before.heapLimit - after).toBeGreaterThanOrEqual(3 * (8 - 2) * 2 ** 20);
    expect((before.heapLimit - after) % (3 * 2 ** 20)).toBe(0);
  });

  it("keeps WebAssembly in V8's baseline compiler, whose code needs no optimising compiles' memory", async () => {
    expect(before.tiersUp).toBe(true);
    expect(await inANewThread<boolean>(hotWasmTiersUp)).toBe(false);
  });
});

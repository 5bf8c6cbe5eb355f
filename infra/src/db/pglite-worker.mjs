// The embedded database's own thread: PGlite (a WASM PostgreSQL) runs here, so its work no longer
// holds up the sockets and HTTP of the main thread. Plain JavaScript, because a worker is started
// from a file that neither tsx nor vitest transforms. See pglite-worker-client.ts for the protocol.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/** Errors cross the thread as plain objects: PostgreSQL's fields (code, constraint, …) included. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

const result = (r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields });

const { dataDir, loadDataDir, startParams } = workerData;
let pglite;
try {
  pglite = await PGlite.create({
    ...(dataDir !== undefined && { dataDir }),
    ...(loadDataDir !== undefined && { loadDataDir: new Blob([loadDataDir]) }),
    startParams,
    // As pglite-type-parsers.ts: int8 as bigint, like the pg pool.
    parsers: { [types.INT8]: (value) => BigInt(value) },
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}

const unlistens = new Map();

const operations = {
  query: ({ text, params }) => pglite.query(text, params).then(result),
  exec: ({ text }) => pglite.exec(text).then((results) => results.map(result)),
  listen: async ({ listenId, channel }) => {
    const unlisten = await pglite.listen(channel, (payload) => parentPort.postMessage({ listenId, payload }));
    unlistens.set(listenId, unlisten);
  },
  unlisten: async ({ listenId }) => {
    const unlisten = unlistens.get(listenId);
    unlistens.delete(listenId);
    if (unlisten && !pglite.closed) await unlisten();
  },
  dump: async ({ compression }) => {
    const blob = await pglite.dumpDataDir(compression);
    return new Uint8Array(await blob.arrayBuffer());
  },
  close: async () => {
    if (!pglite.closed) await pglite.close();
  },
};

// PGlite takes one statement at a time; the main thread's kysely dialect already sends them in
// order, one transaction at a time, so requests are simply run as they come.
parentPort.on('message', async (request) => {
  try {
    const value = await operations[request.op](request);
    parentPort.postMessage({ id: request.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, error: plainError(error) });
  }
});

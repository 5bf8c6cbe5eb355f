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
  commit: () => pglite.exec('commit').then(() => null),
  rollback: () => pglite.exec('rollback').then(() => null),
  listen: async ({ listenId, channel }) => {
    const unlisten = await pglite.listen(channel, (payload) => parentPort.postMessage({ listenId, payload }));
    unlistens.set(listenId, unlisten);
  },
  unlisten: async ({ listenId }) => {
    const unlisten = unlistens.get(listenId);
    unlistens.delete(listenId);
    if (unlisten && !pglite.closed) await unlisten();
  },
  dump: async ({ compression, checkpoint }) => {
    // A backup's dump: the data files brought up to date first, so that a restore does not
    // start with crash recovery. Queued like any request, so no transaction is open meanwhile.
    if (checkpoint) await pglite.exec('CHECKPOINT');
    const blob = await pglite.dumpDataDir(compression);
    return new Uint8Array(await blob.arrayBuffer());
  },
  close: async () => {
    if (!pglite.closed) await pglite.close();
  },
};

/**
 * PGlite is one session. The main thread's kysely connections each carry an id (`conn`); the one
 * that begins a transaction owns the session until it commits, rolls back or is released, and
 * every other request waits here meanwhile, so nothing runs inside someone else's transaction.
 * Requests without a transaction run back to back as they come: they need no round trip to the
 * main thread to take the session, which under load was about half of the time it was held.
 * A request may carry `begin` (the transaction's BEGIN, sent with its first statement).
 */
let owner = null;
const held = [];
let tail = Promise.resolve();

function dispatch(request) {
  if (request.op === 'release') {
    // A connection let go with its transaction open (kysely always ends one; this is a guard).
    if (owner === request.conn) {
      enqueue({ op: 'rollback', quiet: true });
      endTransaction();
    }
    return;
  }
  if (owner !== null && request.conn !== owner && request.op !== 'close') {
    held.push(request);
    return;
  }
  if (request.begin !== undefined) owner = request.conn;
  enqueue(request);
  if (request.op === 'commit' || request.op === 'rollback') endTransaction();
}

function endTransaction() {
  owner = null;
  while (held.length > 0 && owner === null) dispatch(held.shift());
}

// One request at a time, in the order dispatched: a transaction's statements and the requests
// let through after its commit can never overtake each other inside PGlite.
function enqueue(request) {
  tail = tail.then(async () => {
    try {
      if (request.begin !== undefined) await pglite.exec(request.begin);
      const value = await operations[request.op](request);
      // A dump is moved to the main thread, not copied: it may be as large as the database.
      const transfer = value instanceof Uint8Array ? [value.buffer] : [];
      if (!request.quiet) parentPort.postMessage({ id: request.id, ok: true, value }, transfer);
    } catch (error) {
      if (!request.quiet) parentPort.postMessage({ id: request.id, ok: false, error: plainError(error) });
    }
  });
}

parentPort.on('message', dispatch);

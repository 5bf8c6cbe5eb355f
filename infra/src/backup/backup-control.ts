import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PgliteDatabase } from '../db/pglite-database.ts';
import type { Logger } from '../logger.ts';
import type { DataDirLock, DataDirLockInfo } from './data-dir-lock.ts';
import { dumpEmbeddedDatabase } from './database-dump.ts';

/** The route of the control endpoint that answers a database dump. */
const DUMP_PATH = '/database-dump';

export interface BackupControl {
  close(): Promise<void>;
}

function authorized(request: IncomingMessage, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How `npm run backup` gets a consistent dump while the embedded server runs: the server holds
 * PGlite (in its worker thread), and no second process may open the same files. The server
 * listens on a loopback port of its own (never the public one) and writes the port and a random
 * token into the DATA_DIR lock file, which only the folder's owner can read (mode 600); a backup
 * reads them there and asks for the dump with the token.
 */
export async function serveBackupControl(options: {
  database: PgliteDatabase;
  lock: DataDirLock;
  logger: Logger;
}): Promise<BackupControl> {
  const { database, lock, logger } = options;
  const token = randomBytes(32).toString('base64url');
  const server = http.createServer((request, response) => {
    const fail = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message, code: status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND' }));
    };
    if (request.method !== 'POST' || request.url !== DUMP_PATH) return fail(404, 'Not found');
    if (!authorized(request, token)) return fail(401, 'The backup token is missing or wrong');
    const started = performance.now();
    dumpEmbeddedDatabase(database).then(
      (dump) => {
        logger.info(
          { bytes: dump.byteLength, ms: Math.round(performance.now() - started) },
          'the embedded database was dumped for a backup',
        );
        response.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': dump.byteLength });
        response.end(dump);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'the embedded database could not be dumped for a backup');
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'The database could not be dumped', code: 'DUMP_FAILED' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await lock.update({ control: { port, token } });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks a running server for its database dump; resolves with the response (`content-length` set). */
export function requestDatabaseDump(control: NonNullable<DataDirLockInfo['control']>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: control.port,
        path: DUMP_PATH,
        method: 'POST',
        headers: { authorization: `Bearer ${control.token}` },
      },
      (response) => {
        if (response.statusCode === 200) return resolve(response);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          reject(new Error(`The running server refused the dump (${response.statusCode}): ${Buffer.concat(chunks)}`)),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from '../port.ts';

export interface AppendSqlOptions {
  expectedRevision: ExpectedRevision;
  /** Lock, statement and idle-in-transaction timeout for the write transaction; 0 for none. */
  timeoutMs: number;
  /** NOTIFY inside the transaction (delivered on commit). */
  notify: boolean;
}

interface AppendRow {
  actual_revision: bigint;
  last_revision: bigint | null;
  transaction_id: bigint | null;
  global_position: bigint | null;
}

function expectedCode(stream: string, expected: ExpectedRevision): number {
  if (expected === 'any') return -2;
  if (expected === 'no_stream') return -1;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new TypeError(`Invalid expected revision for ${stream}: ${String(expected)}`);
  }
  return expected;
}

/**
 * One append as one statement (the `es_append` function: stream lock, revision check and bump,
 * multi-row insert). Runs on `executor`: the database for an append in its own transaction, or a
 * kysely transaction whose first write this must be.
 */
export async function appendSql(
  executor: Kysely<any>,
  stream: string,
  events: readonly NewEvent[],
  options: AppendSqlOptions,
): Promise<AppendResult> {
  const expected = expectedCode(stream, options.expectedRevision);
  const payload = JSON.stringify(
    events.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, data: e.data ?? null, metadata: e.metadata })),
  );
  const { rows } = await sql<AppendRow>`
    SELECT * FROM es_append(${stream}, ${expected}, ${payload}::jsonb, ${options.timeoutMs}, ${options.notify})
  `.execute(executor);
  const row = rows[0];
  if (!row) throw new Error('es_append returned no row');
  if (row.last_revision === null) {
    const actual = Number(row.actual_revision);
    throw new WrongExpectedRevisionError(stream, options.expectedRevision, actual < 0 ? 'no_stream' : actual);
  }
  const position =
    row.transaction_id === null || row.global_position === null
      ? START
      : { commit: row.transaction_id, prepare: row.global_position };
  return { nextExpectedRevision: Number(row.last_revision), position };
}

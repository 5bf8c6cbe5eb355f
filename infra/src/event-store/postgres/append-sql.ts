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
  const { rows } = await sql<{ r: string }>`
    SELECT es_append(${stream}, ${expected}, ${payload}::jsonb, ${options.timeoutMs}, ${options.notify}) AS r
  `.execute(executor);
  const result = rows[0]?.r;
  if (result === undefined) throw new Error('es_append returned no row');
  // See es_append for the result format.
  if (result.startsWith('!')) {
    const actual = Number(result.slice(1));
    throw new WrongExpectedRevisionError(stream, options.expectedRevision, actual < 0 ? 'no_stream' : actual);
  }
  const [last, commit, prepare] = result.slice(1).split(' ');
  const position = commit && prepare ? { commit: BigInt(commit), prepare: BigInt(prepare) } : START;
  return { nextExpectedRevision: Number(last), position };
}

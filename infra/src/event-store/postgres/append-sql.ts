import { randomUUID } from 'node:crypto';
import type { PgliteLike } from '../../db/pglite-worker-client.ts';
import { sql, type Kysely } from 'kysely';
import { START, WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from '../port.ts';

/** Arguments of the `es_append` function (see its migration). */
export interface AppendCall {
  stream: string;
  expected: number;
  /** JSON array of {id, type, data, metadata}. */
  events: string;
  timeoutMs: number;
  notify: boolean;
}

/** Runs `SELECT es_append(…)` and returns its text result. */
export type AppendRunner = (call: AppendCall) => Promise<string | undefined>;

/** Through kysely: the database (its own transaction) or a caller's transaction. */
export function kyselyAppendRunner(executor: Kysely<any>): AppendRunner {
  return async ({ stream, expected, events, timeoutMs, notify }) => {
    const { rows } = await sql<{ r: string }>`
      SELECT es_append(${stream}, ${expected}, ${events}::jsonb, ${timeoutMs}, ${notify}) AS r
    `.execute(executor);
    return rows[0]?.r;
  };
}

/**
 * A string as a PostgreSQL literal, exactly as `pg.escapeLiteral` writes it (quotes and
 * backslashes doubled, an E string when there are backslashes, so it reads the same whatever
 * standard_conforming_strings says), in one pass of the regex engine: pg's version appends one
 * character at a time, and under chat load that was a tenth of everything the embedded server
 * allocated (docs/performance.md, Chat).
 */
export function escapeLiteral(text: string): string {
  const escaped = text.replace(/['\\]/g, (c) => c + c);
  return text.includes('\\') ? ` E'${escaped}'` : `'${escaped}'`;
}

/**
 * PGlite's parameterised queries cost five calls into the wasm server (parse, describe, bind,
 * describe, execute); a simple query costs one, making an append about 30% cheaper. The values
 * are therefore inlined as escaped literals. The kysely connection is held meanwhile, so the
 * statement never runs inside a transaction another caller has open on the single connection.
 */
export function pgliteAppendRunner(db: Kysely<any>, pglite: Pick<PgliteLike, 'exec'>): AppendRunner {
  return ({ stream, expected, events, timeoutMs, notify }) =>
    db.connection().execute(async () => {
      const text = `SELECT es_append(${escapeLiteral(stream)}, ${expected}, ${escapeLiteral(events)}::jsonb, ${timeoutMs}, ${notify}) AS r`;
      const [result] = await pglite.exec(text);
      return (result?.rows[0] as { r: string } | undefined)?.r;
    });
}

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
 * multi-row insert), in its own transaction or, through a kysely transaction's runner, as the
 * first write of the caller's transaction.
 */
export async function appendSql(
  run: AppendRunner,
  stream: string,
  events: readonly NewEvent[],
  options: AppendSqlOptions,
): Promise<AppendResult> {
  const result = await run({
    stream,
    expected: expectedCode(stream, options.expectedRevision),
    events: JSON.stringify(
      events.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, data: e.data ?? null, metadata: e.metadata })),
    ),
    timeoutMs: options.timeoutMs,
    notify: options.notify,
  });
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

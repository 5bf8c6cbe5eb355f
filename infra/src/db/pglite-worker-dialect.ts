import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PgliteWorkerClient } from './pglite-worker-client.ts';

/**
 * Kysely on PGlite in its worker thread. PGlite is one session; kysely-pglite-dialect shares it
 * by handing one connection at a time to callers on the main thread, so every statement, even one
 * outside any transaction, waited for the session and then held it for a round trip to the
 * thread and back through the busy main loop (under chat load the session was held about 80 % of
 * the time while PGlite worked 42 %). Here every caller gets a connection of its own at once,
 * and the worker keeps the others out of an open transaction (pglite-worker.mjs). A transaction's
 * BEGIN travels with its first statement.
 */
export class PgliteWorkerDialect implements Dialect {
  constructor(private readonly client: PgliteWorkerClient) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteWorkerDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PgliteWorkerDriver implements Driver {
  private nextConnection = 0;
  constructor(private readonly client: PgliteWorkerClient) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteWorkerConnection(this.client, this.nextConnection++);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as PgliteWorkerConnection).pendingBegin = settings.isolationLevel
      ? `start transaction isolation level ${settings.isolationLevel}`
      : 'begin';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteWorkerConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteWorkerConnection).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const worker = connection as PgliteWorkerConnection;
    if (worker.inTransaction) this.client.release(worker.id);
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

class PgliteWorkerConnection implements DatabaseConnection {
  /** BEGIN not sent yet: it goes with the transaction's first statement. */
  pendingBegin: string | null = null;
  /** BEGIN went to the worker and no COMMIT or ROLLBACK yet. */
  inTransaction = false;

  constructor(
    private readonly client: PgliteWorkerClient,
    readonly id: number,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.pendingBegin;
    this.pendingBegin = null;
    if (begin !== null) this.inTransaction = true;
    const result = await this.client.onConnection<{ rows: R[]; affectedRows?: number }>(this.id, 'query', {
      text: compiledQuery.sql,
      params: [...compiledQuery.parameters],
      ...(begin !== null && { begin }),
    });
    return result.affectedRows
      ? { numAffectedRows: BigInt(result.affectedRows), rows: result.rows }
      : { rows: result.rows };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  /** COMMIT or ROLLBACK; nothing to send when the transaction never ran a statement. */
  async end(op: 'commit' | 'rollback'): Promise<void> {
    if (this.pendingBegin !== null) {
      this.pendingBegin = null;
      return;
    }
    this.inTransaction = false;
    await this.client.onConnection(this.id, op);
  }
}

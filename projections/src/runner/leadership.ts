import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database, Logger } from '@sideline/infra';
import type { ReadModels } from '../read-models.ts';

/** What a leader gets: the session that holds the lock, and a signal that fires when it is gone. */
export interface LeaderLease {
  /**
   * Bound to the one session holding the lock. A projector writes through it, so a write can only
   * commit while this process leads: when the session dies, the server releases the lock and
   * aborts the session's open transaction in the same moment (fencing without a token).
   */
  readonly db: Kysely<ReadModels>;
  /** Aborted once the session is found dead (heartbeat or `check`). */
  readonly lost: AbortSignal;
  /** Probes the session now; aborts `lost` and answers false when it is gone. */
  check(): Promise<boolean>;
}

export interface ProjectionLeadership {
  /** Shown in /api/health and in pg_stat_activity as the leader's name. */
  readonly processId: string;
  /**
   * Campaigns until `signal` aborts: waits for the lock, runs `lead` while holding it, and stands
   * by again when `lead` returns (the session died, or the leader stepped down). `onStandby` is
   * called after each attempt that found another leader.
   */
  campaign(
    signal: AbortSignal,
    callbacks: { lead(lease: LeaderLease): Promise<void>; onStandby(): void },
  ): Promise<void>;
}

export interface AdvisoryLockLeadershipOptions {
  database: Database;
  logger: Logger;
  /** One lock per name (per database): every process running the same projectors uses the same. */
  name?: string;
  processId?: string;
  /** How often a standby tries the lock. */
  pollMs?: number;
  /** How often a leader checks that its session is alive while it has nothing to write. */
  heartbeatMs?: number;
}

export const PROJECTIONS_LOCK = 'projections';
const APPLICATION_PREFIX = 'sideline-leader:';

/** `host:pid`: names a process in health reports and in pg_stat_activity. */
export function processIdentity(): string {
  return `${hostname()}:${process.pid}`;
}

const lockKey = (name: string) => `sideline:leader:${name}`;

/**
 * Leadership by a session-level PostgreSQL advisory lock, held on one dedicated connection per
 * process. A standby polls `pg_try_advisory_lock`; when the leader's process or connection dies,
 * the server releases its lock and a standby takes over within about `pollMs`.
 */
export function advisoryLockLeadership(options: AdvisoryLockLeadershipOptions): ProjectionLeadership {
  const { database, logger } = options;
  const name = options.name ?? PROJECTIONS_LOCK;
  const processId = options.processId ?? processIdentity();
  const pollMs = options.pollMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const key = lockKey(name);

  async function term(
    signal: AbortSignal,
    callbacks: { lead(lease: LeaderLease): Promise<void>; onStandby(): void },
  ): Promise<void> {
    await database.db.connection().execute(async (session) => {
      for (;;) {
        if (signal.aborted) return;
        const { rows } = await sql<{
          locked: boolean;
        }>`SELECT pg_try_advisory_lock(hashtextextended(${key}, 0)) AS locked`.execute(session);
        if (rows[0]?.locked) break;
        callbacks.onStandby();
        await sleep(pollMs, signal);
      }
      const lost = new AbortController();
      const check = async () => {
        if (lost.signal.aborted) return false;
        try {
          await sql`SELECT 1`.execute(session);
          return true;
        } catch (error) {
          if (!lost.signal.aborted) {
            logger.warn({ err: error, lock: name }, 'leader session lost; standing by');
            lost.abort(error);
          }
          return false;
        }
      };
      // Queries on `session` run one at a time, so a heartbeat waits for a batch in progress.
      const heartbeat = setInterval(() => void check(), heartbeatMs);
      heartbeat.unref();
      try {
        // Other processes find the leader by this name (see findLeader).
        await sql`SELECT set_config('application_name', ${(APPLICATION_PREFIX + processId).slice(0, 63)}, false)`.execute(
          session,
        );
        logger.info({ lock: name, processId }, 'leading the projections');
        await callbacks.lead({ db: session, lost: lost.signal, check });
      } finally {
        clearInterval(heartbeat);
        // A session returned to the pool must not keep the lock: nobody else could ever lead.
        if (!lost.signal.aborted) {
          await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(session);
          await sql`RESET application_name`.execute(session);
        }
      }
      if (lost.signal.aborted) throw new LeaseLostError(lost.signal.reason);
    });
  }

  return {
    processId,
    async campaign(signal, callbacks) {
      while (!signal.aborted) {
        try {
          await term(signal, callbacks);
        } catch (error) {
          // The session broke (server restart, network): the pool discards it; try a new one.
          if (!(error instanceof LeaseLostError)) {
            logger.warn({ err: error, lock: name }, 'leadership session failed; retrying');
            callbacks.onStandby();
          }
        }
        await sleep(pollMs, signal);
      }
    },
  };
}

class LeaseLostError extends Error {
  constructor(cause: unknown) {
    super('leader session lost', { cause });
  }
}

/**
 * The process that holds the named lock on this database right now (null when none does), from
 * the holder's application_name. Any process on the same database can ask.
 */
export async function findLeader(db: Kysely<ReadModels>, name = PROJECTIONS_LOCK): Promise<string | null> {
  const { rows } = await sql<{ application_name: string }>`
    WITH k AS (SELECT hashtextextended(${lockKey(name)}, 0) AS key)
    SELECT a.application_name
      FROM pg_locks l
      JOIN pg_stat_activity a ON a.pid = l.pid
      CROSS JOIN k
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND l.classid = ((k.key >> 32) & 4294967295)::oid
       AND l.objid = (k.key & 4294967295)::oid`.execute(db);
  const holder = rows[0]?.application_name;
  if (holder === undefined) return null;
  return holder.startsWith(APPLICATION_PREFIX) ? holder.slice(APPLICATION_PREFIX.length) : holder;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}

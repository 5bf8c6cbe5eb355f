import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  busReconnectedSubject,
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  type Bus,
  type Position,
} from '@sideline/infra';
import { parseChanges, ReadModelVersions, type ReadModelChanges } from './read-model-changes.ts';
import type { ReadModels } from '../read-models.ts';

/**
 * Where a runner announces how far its projectors got, one message per batch for all of them
 * (a message per projector was most of the bus traffic under chat load): `{ reports: [{ name,
 * position, changes? }] }`.
 */
export const projectionsSubject = 'sideline.projections';

export interface ProjectionReport {
  name: string;
  position: string;
  changes?: ReadModelChanges;
}

/**
 * Where a process announces that a request of its own waits to read its write (`{ from }`), so
 * that the leading runner, perhaps in another process (split mode), applies its slower lanes at
 * once instead of on their own rhythm (see `Projector.batchIntervalMs`).
 */
export const projectionsHurrySubject = 'sideline.projections.hurry';

/** A process announces its waits at most this often (ms), however many requests wait. */
const HURRY_SPACING_MS = 10;
/**
 * How long a runner stays hurried after another process's last announcement (ms). The waiter
 * is not heard when it is done; a little longer than the slow lanes' 100 ms costs a few more
 * small batches, never a wait.
 */
const REMOTE_HURRY_MS = 250;

const isProjectionSubject = (subject: string) => subject === projectionsSubject || subject === projectionsHurrySubject;

/**
 * Positions compare only within one event log, and the transaction ids in them interleave across
 * every database of a PostgreSQL server. On a NATS server shared by several deployments (or test
 * databases), a process that heard another log's higher position would answer before its own
 * write is projected. This bus tags the positions it publishes with `scope` and hears only
 * positions of the same scope; every other subject passes through untouched.
 */
export function scopeProjectionPositions(bus: Bus, scope: string): Bus {
  return {
    kind: bus.kind,
    publish: (subject, data) =>
      bus.publish(subject, isProjectionSubject(subject) ? { ...(data as object), scope } : data),
    subscribe: (subject, handler) =>
      bus.subscribe(subject, (message) => {
        if (isProjectionSubject(message.subject) && (message.data as { scope?: unknown })?.scope !== scope) return;
        return handler(message);
      }),
    flush: () => bus.flush(),
    isHealthy: () => bus.isHealthy(),
    onReconnect: (listener) => bus.onReconnect(listener),
    close: () => bus.close(),
  };
}

/** The log a PostgreSQL deployment's positions belong to: its server cluster and database. */
export async function positionScope(db: Kysely<ReadModels>): Promise<string> {
  const { rows } = await sql<{ scope: string }>`
    SELECT (SELECT system_identifier FROM pg_control_system()) || '/' || current_database() AS scope`.execute(db);
  return rows[0]!.scope;
}

/**
 * Knows how far each projector has got, from the `sideline.projections` bus messages the runner
 * publishes after each commit, so read-your-writes works in one process and across
 * processes (split mode) with the same code.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, Position>();
  /** Positions heard on the bus only: everything a leader announced before them reached the bus. */
  private readonly heard = new Map<string, Position>();
  private readonly waiters = new Set<{ target: Position; settle: (reached: boolean) => void }>();
  private readonly waitListeners = new Set<() => void>();
  private readonly unsubscribe: () => void;
  /** Tells this process's own hurry announcements from other processes'. */
  private readonly instance = randomUUID();
  private lastHurryAnnounced = Number.NEGATIVE_INFINITY;
  /** Until when (performance.now()) another process's request waits, as far as we heard. */
  private remoteWaitUntil = Number.NEGATIVE_INFINITY;
  /** Which teams' and users' read models changed when: what response caches are validated by. */
  readonly versions = new ReadModelVersions();

  constructor(
    private readonly bus: Bus,
    private readonly projectorNames: readonly string[],
  ) {
    for (const name of projectorNames) this.positions.set(name, START);
    const unsubscribePositions = bus.subscribe(projectionsSubject, (message) => {
      const { reports } = message.data as {
        reports?: Array<{ name?: unknown; position?: unknown; changes?: unknown }>;
      };
      for (const { name, position: at, changes } of reports ?? []) {
        if (typeof name !== 'string' || typeof at !== 'string') continue;
        const position = parsePosition(at);
        const heard = this.heard.get(name);
        if (heard === undefined || comparePositions(position, heard) > 0) this.heard.set(name, position);
        this.report(name, position, parseChanges(changes) ?? undefined);
      }
    });
    // Change notices published while the bus was down reached nobody: no cached answer is trusted.
    const everything = () => this.versions.changed('everything');
    const unsubscribeReconnects = [bus.onReconnect(everything), bus.subscribe(busReconnectedSubject, everything)];
    const unsubscribeHurry = bus.subscribe(projectionsHurrySubject, (message) => {
      if ((message.data as { from?: unknown } | null)?.from === this.instance) return;
      this.remoteWaitUntil = performance.now() + REMOTE_HURRY_MS;
      for (const listener of this.waitListeners) listener();
    });
    this.unsubscribe = () => {
      unsubscribePositions();
      unsubscribeHurry();
      for (const unsubscribe of unsubscribeReconnects) unsubscribe();
    };
  }

  /**
   * Called by the bus subscription, and directly by an in-process runner (no bus hop needed).
   * `changes` are recorded before any waiter for the position is released, and only once per
   * position (the runner's own bus echo repeats it).
   */
  report(name: string, position: Position, changes?: ReadModelChanges): void {
    const current = this.positions.get(name);
    if (current === undefined) {
      // A projector this process does not run or know (a newer deployment's): still a change.
      if (changes) this.versions.changed(changes);
      return;
    }
    if (comparePositions(position, current) <= 0) return;
    if (changes) this.versions.changed(changes);
    this.positions.set(name, position);
    for (const waiter of this.waiters) {
      if (this.reached(waiter.target)) {
        this.waiters.delete(waiter);
        waiter.settle(true);
      }
    }
  }

  reached(target: Position): boolean {
    return this.projectorNames.every((name) => comparePositions(this.positions.get(name) ?? START, target) >= 0);
  }

  /** Resolves true once every projector has applied `target`, false after `timeoutMs`. */
  waitFor(target: Position, timeoutMs = 3000): Promise<boolean> {
    if (this.reached(target)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        target,
        settle: (reached: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.settle(false), timeoutMs);
      this.waiters.add(waiter);
      for (const listener of this.waitListeners) listener();
      this.announceWait();
    });
  }

  /**
   * Tells the other processes on the bus that a request here waits. The runner that leads may be
   * one of them, and only its lanes decide how soon this request is answered. A process alone on
   * its in-process bus has nobody to tell.
   */
  private announceWait(): void {
    if (this.bus.kind === 'in-process') return;
    const now = performance.now();
    if (now - this.lastHurryAnnounced < HURRY_SPACING_MS) return;
    this.lastHurryAnnounced = now;
    // Lost on a bus that is down: the slow lanes then keep their rhythm, and the wait is longer.
    this.bus.publish(projectionsHurrySubject, { from: this.instance }).catch(() => undefined);
  }

  /**
   * Whether someone waits for a position not reached yet (a request reading its own write), in
   * this process or, as last heard, in another one.
   */
  get waiting(): boolean {
    return this.waiters.size > 0 || performance.now() < this.remoteWaitUntil;
  }

  /**
   * Calls `listener` each time someone starts waiting (here, or in another process as heard on
   * the bus); returns the function that stops it.
   */
  onWait(listener: () => void): () => void {
    this.waitListeners.add(listener);
    return () => this.waitListeners.delete(listener);
  }

  /** The furthest position of `name` heard on the bus, or null when none was heard yet. */
  announced(name: string): Position | null {
    return this.heard.get(name) ?? null;
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.positions].map(([name, p]) => [name, formatPosition(p)]));
  }

  close(): void {
    this.unsubscribe();
    for (const waiter of [...this.waiters]) waiter.settle(false);
  }
}

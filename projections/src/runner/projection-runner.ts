import type { Kysely } from 'kysely';
import {
  comparePositions,
  formatPosition,
  START,
  type Bus,
  type Database,
  type EventStore,
  type Logger,
  type Position,
  type ProjectionLag,
  type RecordedEvent,
  type Subscription,
} from '@sideline/infra';
import {
  advanceCheckpoint,
  advanceCheckpoints,
  checkpointCte,
  CheckpointMovedError,
  readCheckpoint,
} from './checkpoints.ts';
import type { LeaderLease, ProjectionLeadership } from './leadership.ts';
import type { Projector } from './projector.ts';
import { publishApplied } from './projection-tracing.ts';
import { ReadClock } from './read-clock.ts';
import type { ReadModelChanges } from './read-model-changes.ts';
import { projectionsSubject, type ProjectionProgress, type ProjectionReport } from './progress.ts';

export interface ProjectorStatus {
  name: string;
  position: string;
  /** `standby`: another process leads the projections; this one takes over when it dies. */
  state: 'starting' | 'running' | 'standby' | 'failed' | 'stopped';
  lastEventAt: string | null;
  error: string | null;
}

interface ProjectorSlot {
  projector: Projector;
  handles: Set<string>;
  position: Position;
  persisted: Position;
  state: ProjectorStatus['state'];
  lastEventAt: string | null;
  error: string | null;
  /** Events of the current term this projector is done with (applied, or passed over). */
  done: number;
}

export interface ProjectionRunnerOptions {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  projectors: readonly Projector[];
  logger: Logger;
  /** Reported to directly as well as over the bus, so same-process waits skip a bus hop. */
  progress?: ProjectionProgress;
  /**
   * Several processes on one database: apply only while leading (one leader, the others stand
   * by). Without it this runner always applies (embedded mode, tests, rebuilds).
   */
  leadership?: ProjectionLeadership;
  batchSize?: number;
  /** Events read ahead of the projectors before the reader pauses. */
  maxBuffered?: number;
  /** How often positions advanced past irrelevant events are persisted. */
  checkpointFlushMs?: number;
  /** How often a leader re-announces its positions, so standbys know what was announced. */
  announceMs?: number;
  /**
   * Under steady load, the least time between the starts of two batches (group commit). An event
   * that arrives after a quiet spell is applied at once; while events keep coming, each batch
   * waits until this long after the previous one began, so one transaction takes many events.
   * A batch costs its statements and round trips whatever its size, so this is what keeps a
   * chat at 200 messages a second from paying them per message. 0 turns it off.
   */
  batchIntervalMs?: number;
  retryDelaysMs?: readonly number[];
}

/**
 * Projectors applied on the same rhythm (the same batch interval): the events read for them and
 * not yet applied, and when their last batch began.
 */
interface Lane {
  slots: ProjectorSlot[];
  intervalMs: number;
  pending: RecordedEvent[];
  lastBatchAt: number;
  /** Events taken from `pending` into batches so far. */
  taken: number;
}

/** One stretch of applying: from start (or taking over) until stop (or losing the lead). */
interface Term {
  /** Where read models and checkpoints are written: the pool, or the leader's own session. */
  db: Kysely<any>;
  lease: LeaderLease | null;
  subscription: Subscription;
  /** The projectors by batch interval, shortest first; every lane sees every event read. */
  lanes: Lane[];
  /** How many events were read and when, for the projectors' lag. */
  reads: ReadClock;
  active: boolean;
  /** Cuts a wait short: an event was read, someone waits to read their write, or the term ends. */
  wake: (() => void) | null;
  drained: (() => void) | null;
  loops: Promise<void>[];
  /** Resolves when the term must end early (its session died, or another writer showed up). */
  ended: Promise<void>;
  end(): void;
}

/** See `batchIntervalMs`: a little under a frame, well inside the 50 ms a chat message may take. */
const DEFAULT_BATCH_INTERVAL_MS = 10;

/** Re-announcing after a takeover reads at most this many events back. */
const REANNOUNCE_LIMIT = 10_000;

/**
 * Follows `$all` from the lowest checkpoint and feeds each projector the events it handles, in
 * batches: whatever has arrived since the last batch is applied in one transaction per projector.
 */
export class ProjectionRunner {
  private readonly slots: ProjectorSlot[];
  private term: Term | null = null;
  private running = false;
  private campaign: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  /** Progress reported in this process and not yet published on the bus (see `announce`). */
  private readonly unannounced: ProjectionReport[] = [];
  /** When the batch being applied began (epoch ms), for its trace spans. */
  private batchStartedAt = 0;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.slots = options.projectors.map((projector) => ({
      projector,
      handles: new Set(projector.handles),
      position: START,
      persisted: START,
      state: 'starting',
      lastEventAt: null,
      error: null,
      done: 0,
    }));
    this.batchSize = options.batchSize ?? 1000;
    this.maxBuffered = options.maxBuffered ?? 10_000;
  }

  get projectorNames(): string[] {
    return this.slots.map((s) => s.projector.name);
  }

  /**
   * Starts applying. With leadership, resolves after the first attempt: leading when no other
   * process did, otherwise standing by (and campaigning in the background).
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { leadership } = this.options;
    if (!leadership) {
      this.term = await this.beginTerm(this.options.database.db, null);
      return;
    }
    for (const slot of this.slots) slot.state = 'standby';
    const abort = (this.abort = new AbortController());
    await new Promise<void>((firstAttempt) => {
      this.campaign = leadership.campaign(abort.signal, {
        onStandby: () => {
          this.standBy();
          firstAttempt();
        },
        lead: async (lease) => {
          try {
            const term = await this.beginTerm(lease.db, lease);
            this.term = term;
            firstAttempt();
            await Promise.race([aborted(lease.lost), aborted(abort.signal), term.ended]);
            this.term = null;
            await this.endTerm(term, { flush: !lease.lost.aborted });
          } finally {
            this.term = null;
            this.standBy();
            firstAttempt();
          }
        },
      });
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.abort) {
      this.abort.abort();
      await this.campaign;
    } else if (this.term) {
      const term = this.term;
      this.term = null;
      await this.endTerm(term, { flush: true });
    }
    for (const slot of this.slots) if (slot.state === 'running' || slot.state === 'standby') slot.state = 'stopped';
  }

  status(): ProjectorStatus[] {
    return this.slots.map((s) => ({
      name: s.projector.name,
      position: formatPosition(s.position),
      state: s.state,
      lastEventAt: s.lastEventAt,
      error: s.error,
    }));
  }

  /**
   * How far each projector is behind the log, while this runner applies (none while it stands
   * by): the events it has read and the projector has not applied yet, and how long the oldest
   * of them has waited. The runner reads at most `maxBuffered` events ahead, so a longer backlog
   * counts as that many events (its age is still right).
   */
  lag(): ProjectionLag[] {
    const term = this.term;
    if (!term) return [];
    const now = performance.now();
    return this.slots
      .filter((slot) => slot.state === 'running' || slot.state === 'failed')
      .map((slot) => {
        const events = term.reads.count - slot.done;
        const readAt = events > 0 ? term.reads.readAt(slot.done) : undefined;
        return {
          projector: slot.projector.name,
          events,
          seconds: readAt === undefined ? 0 : Math.max(0, now - readAt) / 1000,
        };
      });
  }

  /** Lowest position reached by a projector that is still running. */
  position(): Position {
    return this.slots.reduce<Position>(
      (min, s) => (comparePositions(s.position, min) < 0 ? s.position : min),
      this.slots[0]?.position ?? START,
    );
  }

  /** Resolves once every running projector has reached `target` (used by rebuilds and tests). */
  async waitUntil(target: Position, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.slots.some((s) => s.state === 'running' && comparePositions(s.position, target) < 0)) {
      if (Date.now() > deadline)
        throw new Error(`Projections did not reach ${formatPosition(target)} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private standBy(): void {
    if (!this.running || this.term) return;
    for (const slot of this.slots) if (slot.state !== 'stopped') slot.state = 'standby';
  }

  private async beginTerm(db: Kysely<any>, lease: LeaderLease | null): Promise<Term> {
    for (const slot of this.slots) {
      slot.position = slot.persisted = await readCheckpoint(db, slot.projector.name);
      slot.done = 0;
    }
    if (lease) await this.reannounce(db);
    for (const slot of this.slots) {
      slot.state = 'running';
      slot.error = null;
      // A previous leader may have committed batches whose change notices never left it.
      this.reportProgress(slot, lease ? 'everything' : undefined);
    }
    this.announce();
    const from = this.slots.reduce<Position | null>(
      (min, s) => (min === null || comparePositions(s.position, min) < 0 ? s.position : min),
      null,
    );
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const term: Term = {
      db,
      lease,
      subscription: this.options.eventStore.subscribeToAll({ fromPosition: from ?? START }),
      lanes: this.lanes(),
      reads: new ReadClock(),
      active: true,
      wake: null,
      drained: null,
      loops: [],
      ended,
      end: () => {
        term.active = false;
        term.wake?.();
        term.drained?.();
        end();
      },
    };
    term.loops = [this.readLoop(term), this.applyLoop(term)];
    return term;
  }

  /** The projectors grouped by batch interval (see `Projector.batchIntervalMs`), shortest first. */
  private lanes(): Lane[] {
    const base = this.options.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS;
    const byInterval = new Map<number, ProjectorSlot[]>();
    for (const slot of this.slots) {
      const intervalMs = Math.max(slot.projector.batchIntervalMs ?? base, base);
      byInterval.set(intervalMs, [...(byInterval.get(intervalMs) ?? []), slot]);
    }
    return [...byInterval]
      .sort(([a], [b]) => a - b)
      .map(([intervalMs, slots]) => ({
        slots,
        intervalMs,
        pending: [],
        lastBatchAt: Number.NEGATIVE_INFINITY,
        taken: 0,
      }));
  }

  private async endTerm(term: Term, options: { flush: boolean }): Promise<void> {
    term.active = false;
    await term.subscription.close();
    term.wake?.();
    term.drained?.();
    await Promise.allSettled(term.loops);
    if (options.flush) await this.flushCheckpoints(term);
  }

  /**
   * After a takeover: the previous leader may have committed batches and died before their
   * realtime notices reached the bus. Whatever it committed beyond the last position it was
   * heard announcing (its notices travel before its positions) is announced again. Clients
   * tolerate a repeated notice; they never learn of a lost one.
   */
  private async reannounce(db: Kysely<any>): Promise<void> {
    const { progress, eventStore, bus, logger } = this.options;
    for (const slot of this.slots) {
      const { projector } = slot;
      const heard = progress?.announced(projector.name) ?? null;
      if (!projector.afterCommit || heard === null || comparePositions(heard, slot.persisted) >= 0) continue;
      try {
        const events: RecordedEvent[] = [];
        let from = heard;
        let read = 0;
        while (read < REANNOUNCE_LIMIT) {
          const page = await eventStore.readAll({ fromPosition: from, limit: 1000 });
          read += page.length;
          const upTo = page.filter((e) => comparePositions(e.position, slot.persisted) <= 0);
          events.push(...upTo.filter((e) => slot.handles.has(e.type)));
          if (upTo.length < page.length || page.length < 1000) break;
          from = page[page.length - 1]!.position;
        }
        if (events.length === 0) continue;
        const messages = projector.reannounce ? await projector.reannounce(db, events) : projector.afterCommit(events);
        for (const message of messages) void bus.publish(message.subject, message.data);
        logger.info({ projector: projector.name, events: events.length }, 're-announced events after a takeover');
      } catch (error) {
        logger.warn({ err: error, projector: projector.name }, 'could not re-announce after a takeover');
      }
    }
  }

  private async readLoop(term: Term): Promise<void> {
    try {
      for await (const event of term.subscription) {
        term.reads.read();
        for (const lane of term.lanes) lane.pending.push(event);
        term.wake?.();
        if (mostPending(term) >= this.maxBuffered) {
          await new Promise<void>((resolve) => (term.drained = resolve));
          term.drained = null;
        }
        if (!term.active) break;
      }
    } catch (error) {
      if (term.active) {
        this.options.logger.error({ err: error }, 'projection subscription failed');
        if (term.lease) {
          // Step down: the next leader (perhaps this process again) subscribes afresh.
          term.end();
          return;
        }
        for (const slot of this.slots) {
          slot.state = 'failed';
          slot.error = `subscription: ${(error as Error).message}`;
        }
      }
    }
  }

  private async applyLoop(term: Term): Promise<void> {
    const flushMs = this.options.checkpointFlushMs ?? 5000;
    const baseIntervalMs = this.options.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS;
    // Only a leader among standbys needs to re-announce: they judge a takeover by what they heard.
    const announceMs = term.lease ? (this.options.announceMs ?? 1000) : Number.POSITIVE_INFINITY;
    let nextFlush = Date.now() + flushMs;
    let nextAnnounce = Date.now() + announceMs;
    // Someone starting to wait for their write may make a slower lane due at once.
    const stopWatchingWaits = this.options.progress?.onWait(() => term.wake?.());
    try {
      // Every write of a term happens in this loop, one after another: on a leader's single
      // session a periodic flush must never interleave with a batch's transaction.
      while (term.active) {
        // Events that keep coming are gathered for the rest of their lane's interval (the wait
        // also lets sockets and appends run); the first event after a quiet spell goes at once.
        const now = performance.now();
        const hurry = this.options.progress?.waiting ?? false;
        const due: Lane[] = [];
        let nextDue = Number.POSITIVE_INFINITY;
        for (const lane of term.lanes) {
          if (lane.pending.length === 0) continue;
          const intervalMs = hurry ? Math.min(lane.intervalMs, baseIntervalMs) : lane.intervalMs;
          const at = lane.pending.length >= this.batchSize ? now : lane.lastBatchAt + intervalMs;
          if (at <= now) due.push(lane);
          else nextDue = Math.min(nextDue, at);
        }
        if (due.length > 0) {
          await this.applyDue(term, due);
          if (mostPending(term) < this.maxBuffered / 2) term.drained?.();
          this.announce();
        } else if (nextDue !== Number.POSITIVE_INFINITY) {
          await this.sleep(term, nextDue - now, true);
          continue;
        } else {
          await this.sleep(term, Math.min(nextFlush, nextAnnounce) - Date.now());
        }
        const wallNow = Date.now();
        if (term.active && wallNow >= nextFlush) {
          await this.flushCheckpoints(term);
          nextFlush = wallNow + flushMs;
        }
        if (term.active && wallNow >= nextAnnounce) {
          for (const slot of this.slots) if (slot.state === 'running') this.reportProgress(slot);
          this.announce();
          nextAnnounce = wallNow + announceMs;
        }
      }
    } finally {
      stopWatchingWaits?.();
    }
  }

  /**
   * Applies the lanes that are due. Lanes holding the same events (after a quiet spell, or while
   * a request waits) share one batch, and so one transaction.
   */
  private async applyDue(term: Term, due: readonly Lane[]): Promise<void> {
    const groups: Lane[][] = [];
    for (const lane of due) {
      const same = groups.find((group) => samePending(group[0]!, lane));
      if (same) same.push(lane);
      else groups.push([lane]);
    }
    for (const group of groups) {
      if (!term.active) return;
      const startedAt = performance.now();
      this.batchStartedAt = performance.timeOrigin + startedAt;
      let batch: RecordedEvent[] = [];
      for (const lane of group) {
        lane.lastBatchAt = startedAt;
        batch = lane.pending.splice(0, this.batchSize);
      }
      await this.applyBatch(
        term,
        group.flatMap((lane) => lane.slots),
        batch,
      );
      for (const lane of group) {
        lane.taken += batch.length;
        for (const slot of lane.slots) if (slot.state === 'running') slot.done = lane.taken;
      }
    }
    term.reads.forget(Math.min(...this.slots.map((slot) => slot.done)));
  }

  /**
   * Waits `ms`, or less when woken (an event was read, someone waits, the term ends). Only a
   * wait with events still to apply keeps the process alive.
   */
  private sleep(term: Term, ms: number, pending = false): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(ms, 0));
      if (!pending) timer.unref();
      function done() {
        clearTimeout(timer);
        term.wake = null;
        resolve();
      }
      term.wake = done;
    });
  }

  /**
   * Applies a batch to every projector. The projectors with something to apply share one
   * transaction, which also advances their checkpoints in one statement: each statement is a
   * round trip (or a turn of PGlite), and the begin, checkpoint and commit of each projector
   * were most of a small batch's cost. If that transaction fails, each projector applies the
   * batch in a transaction of its own, so a failing projector stops alone and the others go on.
   */
  private async applyBatch(
    term: Term,
    slots: readonly ProjectorSlot[],
    batch: readonly RecordedEvent[],
  ): Promise<void> {
    const last = batch[batch.length - 1]!;
    const work: Array<{ slot: ProjectorSlot; relevant: RecordedEvent[] }> = [];
    // A plain loop: a batch meets every projector, most of which handle none of a chat's events.
    for (const slot of slots) {
      if (slot.state !== 'running') continue;
      let relevant: RecordedEvent[] | null = null;
      for (const e of batch) {
        if (slot.handles.has(e.type) && comparePositions(e.position, slot.position) > 0) (relevant ??= []).push(e);
      }
      if (relevant) work.push({ slot, relevant });
    }
    // One projector alone, or one that has not written a checkpoint yet (its first batch inserts
    // the row), takes the path of its own.
    const shared = work.length > 1 && work.every(({ slot }) => comparePositions(slot.persisted, START) > 0);
    if (shared && term.active && (await this.applyTogether(term, work, last.position))) {
      for (const { slot, relevant } of work) this.applied(slot, relevant, last.position);
      for (const slot of slots) {
        if (slot.state === 'running' && !work.some((w) => w.slot === slot)) this.passed(slot, last.position);
      }
      return;
    }
    for (const slot of slots) {
      if (!term.active) break;
      await this.applyTo(term, slot, batch);
    }
  }

  /** One transaction for every projector of the batch; false when it failed (nothing was written). */
  private async applyTogether(
    term: Term,
    work: ReadonlyArray<{ slot: ProjectorSlot; relevant: RecordedEvent[] }>,
    to: Position,
  ): Promise<boolean> {
    try {
      const prepared = await Promise.all(work.map(({ slot, relevant }) => prepare(term.db, slot.projector, relevant)));
      await term.db.transaction().execute(async (trx) => {
        for (const [i, { slot, relevant }] of work.entries()) await slot.projector.apply(trx, relevant, prepared[i]);
        await advanceCheckpoints(
          trx,
          work.map(({ slot }) => ({ name: slot.projector.name, from: slot.persisted, to })),
        );
      });
      return true;
    } catch (error) {
      // A lost lead or a moved checkpoint shows again on the projector's own path, which handles it.
      this.options.logger.debug({ err: error }, 'shared batch failed; applying per projector');
      return false;
    }
  }

  /** After `relevant` was committed with the checkpoint at `to`: announce it and what it changed. */
  private applied(slot: ProjectorSlot, relevant: readonly RecordedEvent[], to: Position): void {
    slot.persisted = to;
    slot.lastEventAt = relevant[relevant.length - 1]!.metadata.occurredAt;
    const messages = slot.projector.afterCommit?.(relevant) ?? [];
    publishApplied(this.options.bus, slot.projector.name, relevant, messages, this.batchStartedAt);
    slot.position = to;
    this.reportProgress(slot, slot.projector.changes?.(relevant) ?? 'everything');
  }

  /** Past events the projector does not handle: its position moves, its checkpoint later. */
  private passed(slot: ProjectorSlot, to: Position): void {
    if (comparePositions(to, slot.position) <= 0) return;
    slot.position = to;
    this.reportProgress(slot);
  }

  private async applyTo(term: Term, slot: ProjectorSlot, batch: readonly RecordedEvent[]): Promise<void> {
    if (slot.state !== 'running') return;
    const last = batch[batch.length - 1]!;
    const fresh = batch.filter((e) => comparePositions(e.position, slot.position) > 0);
    if (fresh.length === 0) return;
    const relevant = fresh.filter((e) => slot.handles.has(e.type));
    if (relevant.length === 0) return this.passed(slot, last.position);
    if (await this.applyWithRetry(term, slot, relevant, last.position)) this.applied(slot, relevant, last.position);
  }

  private async applyWithRetry(
    term: Term,
    slot: ProjectorSlot,
    events: readonly RecordedEvent[],
    to: Position,
  ): Promise<boolean> {
    const delays = this.options.retryDelaysMs ?? [50, 250, 1000];
    for (let attempt = 0; ; attempt++) {
      try {
        // A projector's first batch inserts its checkpoint row: that one takes a transaction.
        const one = comparePositions(slot.persisted, START) > 0 ? slot.projector.applyAsOneStatement?.(events) : null;
        if (one) {
          const { rows } = await one.statement(checkpointCte(slot.projector.name, slot.persisted, to)).execute(term.db);
          if (rows.length === 0) throw new CheckpointMovedError(slot.projector.name);
          one.applied(rows);
          return true;
        }
        const prepared = await prepare(term.db, slot.projector, events);
        await term.db.transaction().execute(async (trx) => {
          await slot.projector.apply(trx, events, prepared);
          await advanceCheckpoint(trx, slot.projector.name, slot.persisted, to);
        });
        return true;
      } catch (error) {
        if (await this.endsTerm(term, slot, error)) return false;
        const delay = delays[attempt];
        if (delay === undefined || !this.running) {
          slot.state = 'failed';
          slot.error = (error as Error).message;
          this.options.logger.error(
            { err: error, projector: slot.projector.name, at: formatPosition(events[0]!.position) },
            'projector failed; it stays stopped until fixed and restarted',
          );
          return false;
        }
        this.options.logger.warn({ err: error, projector: slot.projector.name, attempt }, 'projector retrying batch');
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  /**
   * A write failed because this runner may no longer write (its leader session died, or another
   * writer moved the checkpoint), not because of the projector: the term ends, and the stored
   * checkpoints say where the next leader resumes. Without leadership, a moved checkpoint fails
   * the projector instead: two runners are applying it.
   */
  private async endsTerm(term: Term, slot: ProjectorSlot, error: unknown): Promise<boolean> {
    if (!term.active) return true;
    if (term.lease && (error instanceof CheckpointMovedError || !(await term.lease.check()))) {
      this.options.logger.warn({ err: error, projector: slot.projector.name }, 'stepping down from the projections');
      term.end();
      return true;
    }
    if (error instanceof CheckpointMovedError) {
      slot.state = 'failed';
      slot.error = error.message;
      this.options.logger.error({ err: error }, 'another runner is applying this projector; stopped');
      return true;
    }
    return false;
  }

  /**
   * The position, and what the batch that reached it changed (response caches drop those
   * answers): told to this process's progress at once, and to the others by `announce`.
   */
  private reportProgress(slot: ProjectorSlot, changes?: ReadModelChanges): void {
    this.options.progress?.report(slot.projector.name, slot.position, changes);
    this.unannounced.push({
      name: slot.projector.name,
      position: formatPosition(slot.position),
      ...(changes ? { changes } : {}),
    });
  }

  /** Publishes the reports since the last call in one bus message (after the batch's notices). */
  private announce(): void {
    if (this.unannounced.length === 0) return;
    const reports = this.unannounced.splice(0);
    void this.options.bus.publish(projectionsSubject, { reports });
  }

  /** Persists positions advanced past events a projector ignores, so restarts skip them. */
  private async flushCheckpoints(term: Term): Promise<void> {
    const behind = this.slots.filter(
      (slot) => slot.state === 'running' && comparePositions(slot.position, slot.persisted) > 0,
    );
    // One statement for every checkpoint that has a row: one per projector held the apply loop
    // (and, on PGlite, the session) for a dozen round trips every few seconds, a pause every
    // busy chat felt. Should a checkpoint have moved, the one-by-one path below finds which.
    const withRows = behind.filter((slot) => comparePositions(slot.persisted, START) > 0);
    if (withRows.length > 1) {
      const moves = withRows.map((slot) => ({ name: slot.projector.name, from: slot.persisted, to: slot.position }));
      try {
        await advanceCheckpoints(term.db, moves);
        for (const [i, slot] of withRows.entries()) slot.persisted = moves[i]!.to;
      } catch (error) {
        this.options.logger.debug({ err: error }, 'checkpoint flush together failed; flushing one by one');
      }
    }
    for (const slot of behind) {
      if (slot.state !== 'running' || comparePositions(slot.position, slot.persisted) <= 0) continue;
      const position = slot.position;
      try {
        await advanceCheckpoint(term.db, slot.projector.name, slot.persisted, position);
        slot.persisted = position;
      } catch (error) {
        if (term.active && (await this.endsTerm(term, slot, error))) return;
        this.options.logger.warn({ err: error, projector: slot.projector.name }, 'checkpoint flush failed');
      }
    }
  }
}

/** The projector's reads and decisions before its transaction (see `Projector.prepare`). */
function prepare(db: Kysely<any>, projector: Projector, events: readonly RecordedEvent[]): Promise<unknown> {
  return projector.prepare ? projector.prepare(db, events) : Promise.resolve(undefined);
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** The most events a lane holds unapplied (the reader pauses beyond `maxBuffered`). */
function mostPending(term: Term): number {
  return term.lanes.reduce((most, lane) => Math.max(most, lane.pending.length), 0);
}

/** Whether two lanes hold the same unapplied events (each lane sees every event, in order). */
function samePending(a: Lane, b: Lane): boolean {
  return a.pending.length === b.pending.length && a.pending[0] === b.pending[0];
}

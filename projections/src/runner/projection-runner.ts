import {
  comparePositions,
  formatPosition,
  START,
  type Bus,
  type Database,
  type EventStore,
  type Logger,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '@sideline/infra';
import { readCheckpoint, writeCheckpoint } from './checkpoints.ts';
import type { Projector } from './projector.ts';
import { projectionSubject, type ProjectionProgress } from './progress.ts';

export interface ProjectorStatus {
  name: string;
  position: string;
  state: 'starting' | 'running' | 'failed' | 'stopped';
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
}

export interface ProjectionRunnerOptions {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  projectors: readonly Projector[];
  logger: Logger;
  /** Reported to directly as well as over the bus, so same-process waits skip a bus hop. */
  progress?: ProjectionProgress;
  batchSize?: number;
  /** Events read ahead of the projectors before the reader pauses. */
  maxBuffered?: number;
  /** How often positions advanced past irrelevant events are persisted. */
  checkpointFlushMs?: number;
  retryDelaysMs?: readonly number[];
}

/**
 * Follows `$all` from the lowest checkpoint and feeds each projector the events it handles, in
 * batches: whatever has arrived since the last batch is applied in one transaction per projector.
 */
export class ProjectionRunner {
  private readonly slots: ProjectorSlot[];
  private readonly buffer: RecordedEvent[] = [];
  private subscription: Subscription | null = null;
  private wake: (() => void) | null = null;
  private drained: (() => void) | null = null;
  private running = false;
  private loops: Promise<void>[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.slots = options.projectors.map((projector) => ({
      projector,
      handles: new Set(projector.handles),
      position: START,
      persisted: START,
      state: 'starting',
      lastEventAt: null,
      error: null,
    }));
    this.batchSize = options.batchSize ?? 1000;
    this.maxBuffered = options.maxBuffered ?? 10_000;
  }

  get projectorNames(): string[] {
    return this.slots.map((s) => s.projector.name);
  }

  async start(): Promise<void> {
    const { database } = this.options;
    for (const slot of this.slots) {
      slot.position = slot.persisted = await readCheckpoint(database.db, slot.projector.name);
      slot.state = 'running';
      this.reportProgress(slot);
    }
    const from = this.slots.reduce<Position | null>(
      (min, s) => (min === null || comparePositions(s.position, min) < 0 ? s.position : min),
      null,
    );
    this.running = true;
    this.subscription = this.options.eventStore.subscribeToAll({ fromPosition: from ?? START });
    this.loops = [this.readLoop(this.subscription), this.applyLoop()];
    this.flushTimer = setInterval(() => void this.flushCheckpoints(), this.options.checkpointFlushMs ?? 5000);
    this.flushTimer.unref();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.subscription?.close();
    this.wake?.();
    this.drained?.();
    await Promise.allSettled(this.loops);
    await this.flushCheckpoints();
    for (const slot of this.slots) if (slot.state === 'running') slot.state = 'stopped';
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

  private async readLoop(subscription: Subscription): Promise<void> {
    try {
      for await (const event of subscription) {
        this.buffer.push(event);
        this.wake?.();
        if (this.buffer.length >= this.maxBuffered) {
          await new Promise<void>((resolve) => (this.drained = resolve));
          this.drained = null;
        }
        if (!this.running) break;
      }
    } catch (error) {
      if (this.running) {
        this.options.logger.error({ err: error }, 'projection subscription failed');
        for (const slot of this.slots) {
          slot.state = 'failed';
          slot.error = `subscription: ${(error as Error).message}`;
        }
      }
    }
  }

  private async applyLoop(): Promise<void> {
    while (this.running) {
      if (this.buffer.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      const batch = this.buffer.splice(0, this.batchSize);
      if (this.buffer.length < this.maxBuffered / 2) this.drained?.();
      for (const slot of this.slots) await this.applyTo(slot, batch);
    }
  }

  private async applyTo(slot: ProjectorSlot, batch: readonly RecordedEvent[]): Promise<void> {
    if (slot.state !== 'running') return;
    const last = batch[batch.length - 1]!;
    const fresh = batch.filter((e) => comparePositions(e.position, slot.position) > 0);
    if (fresh.length === 0) return;
    const relevant = fresh.filter((e) => slot.handles.has(e.type));
    if (relevant.length > 0) {
      const ok = await this.applyWithRetry(slot, relevant, last.position);
      if (!ok) return;
      slot.persisted = last.position;
      slot.lastEventAt = relevant[relevant.length - 1]!.metadata.occurredAt;
      for (const message of slot.projector.afterCommit?.(relevant) ?? []) {
        void this.options.bus.publish(message.subject, message.data);
      }
    }
    slot.position = last.position;
    this.reportProgress(slot);
  }

  private async applyWithRetry(slot: ProjectorSlot, events: readonly RecordedEvent[], to: Position): Promise<boolean> {
    const delays = this.options.retryDelaysMs ?? [50, 250, 1000];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.database.db.transaction().execute(async (trx) => {
          await slot.projector.apply(trx, events);
          await writeCheckpoint(trx, slot.projector.name, to);
        });
        return true;
      } catch (error) {
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

  private reportProgress(slot: ProjectorSlot): void {
    this.options.progress?.report(slot.projector.name, slot.position);
    void this.options.bus.publish(projectionSubject(slot.projector.name), { position: formatPosition(slot.position) });
  }

  /** Persists positions advanced past events a projector ignores, so restarts skip them. */
  private async flushCheckpoints(): Promise<void> {
    for (const slot of this.slots) {
      if (comparePositions(slot.position, slot.persisted) <= 0) continue;
      const position = slot.position;
      try {
        await writeCheckpoint(this.options.database.db, slot.projector.name, position);
        slot.persisted = position;
      } catch (error) {
        this.options.logger.warn({ err: error, projector: slot.projector.name }, 'checkpoint flush failed');
      }
    }
  }
}

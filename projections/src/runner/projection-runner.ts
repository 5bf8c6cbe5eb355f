import { comparePositions, formatPosition, START, type Position, type ProjectionLag } from '@sideline/infra';
import { ProgressAnnouncer } from './announcer.ts';
import { createSlot, type ProjectorSlot, type ProjectorStatus } from './projector-slot.ts';
import type { ProjectionRunnerOptions, RunnerContext } from './runner-context.ts';
import { beginTerm, endTerm } from './term-lifecycle.ts';
import { aborted, type Term } from './term.ts';

export type { ProjectorStatus } from './projector-slot.ts';
export type { ProjectionRunnerOptions } from './runner-context.ts';

/**
 * Follows `$all` from the lowest checkpoint and feeds each projector the events it handles, in
 * batches: whatever has arrived since the last batch is applied in one transaction per projector.
 * This class holds the runner's life (start, stop, leading or standing by) and answers about the
 * projectors; a term (`term-lifecycle.ts`) does the reading and applying while this one leads.
 */
export class ProjectionRunner {
  private readonly slots: ProjectorSlot[];
  private readonly context: RunnerContext;
  private term: Term | null = null;
  private running = false;
  private campaign: Promise<void> | null = null;
  private abort: AbortController | null = null;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.slots = options.projectors.map(createSlot);
    this.context = {
      options,
      slots: this.slots,
      batchSize: options.batchSize ?? 1000,
      maxBuffered: options.maxBuffered ?? 10_000,
      announcer: new ProgressAnnouncer(options),
      running: () => this.running,
    };
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
      this.term = await beginTerm(this.context, this.options.database.db, null);
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
            const term = await beginTerm(this.context, lease.db, lease);
            this.term = term;
            firstAttempt();
            await Promise.race([aborted(lease.lost), aborted(abort.signal), term.ended]);
            this.term = null;
            await endTerm(this.context, term, { flush: !lease.lost.aborted });
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
      await endTerm(this.context, term, { flush: true });
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
}

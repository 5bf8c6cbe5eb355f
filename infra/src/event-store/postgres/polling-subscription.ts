import type { Position, RecordedEvent, Subscription } from '../port.ts';
import { WakeSignal } from './wake-signal.ts';

export interface PollingSubscriptionOptions {
  from: Position;
  batchSize: number;
  pollIntervalMs: number;
  /**
   * While appends keep waking it, a live read starts at most this often (ms): each wake-up would
   * otherwise be a read of its own (two round trips on PostgreSQL) for one event. A wake-up after
   * a quiet spell still reads at once.
   */
  liveReadIntervalMs?: number;
  /** A batch, and whether committed events are still hidden behind the horizon (PostgreSQL only). */
  readBatch(after: Position, limit: number): Promise<ReadBatch>;
  /** Registers the subscription's wake signal; returns the unregister function. */
  register(signal: WakeSignal): () => void;
}

export interface ReadBatch {
  events: RecordedEvent[];
  hiddenEventsPending: boolean;
}

/**
 * Catch-up then live over `readBatch`, checkpointing the last delivered position so every event
 * is delivered exactly once, in global order. Woken by appends (local or NOTIFY), and polls as a
 * fallback for wake-ups lost with a dropped LISTEN connection. The next batch is read while the
 * consumer handles the current one.
 */
export class PollingSubscription implements Subscription {
  private readonly signal = new WakeSignal();
  private readonly unregister: () => void;
  private closed = false;
  private iterating = false;

  constructor(private readonly options: PollingSubscriptionOptions) {
    this.unregister = options.register(this.signal);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unregister();
    this.signal.wake();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.iterating) throw new Error('A subscription can be iterated only once');
    this.iterating = true;
    return this.events();
  }

  private async *events(): AsyncGenerator<RecordedEvent> {
    const { batchSize, pollIntervalMs } = this.options;
    let position = this.options.from;
    // Consecutive live reads that left committed events hidden behind the horizon.
    let hiddenReads = 0;
    let lastLiveRead = Number.NEGATIVE_INFINITY;
    try {
      let next: Promise<ReadBatch> | undefined;
      while (!this.closed) {
        const { events: batch, hiddenEventsPending: hidden } = await (next ?? this.read(position));
        next = undefined;
        if (this.closed) return;
        const last = batch.at(-1);
        // A full batch means more is probably waiting: fetch it while the consumer works.
        if (last && batch.length >= batchSize) {
          next = this.read(last.position);
          next.catch(() => undefined);
        }
        for (const event of batch) {
          if (this.closed) return;
          yield event;
          position = event.position;
        }
        if (!next) {
          // Re-read after 2, 4, 8 … 64 ms while events are committed but not yet visible.
          hiddenReads = hidden ? hiddenReads + 1 : 0;
          await this.signal.wait(hidden ? Math.min(2 ** Math.min(hiddenReads, 6), pollIntervalMs) : pollIntervalMs);
          const early = lastLiveRead + (this.options.liveReadIntervalMs ?? 0) - performance.now();
          if (early > 0 && !this.closed) await new Promise((resolve) => setTimeout(resolve, early));
          lastLiveRead = performance.now();
        }
      }
    } finally {
      this.closed = true;
      this.unregister();
    }
  }

  private async read(after: Position): Promise<ReadBatch> {
    for (let attempt = 1; ; attempt++) {
      // Wakes arriving from here on are kept: they may announce events this read will not see.
      this.signal.consume();
      try {
        return await this.options.readBatch(after, this.options.batchSize);
      } catch (error) {
        // Reads racing a close (pool shutting down) are not the consumer's problem.
        if (this.closed) return { events: [], hiddenEventsPending: false };
        // A server restart or dropped connection should not end a long-lived subscription;
        // reads are idempotent, so retry for a while (about 30 s) before giving up.
        if (!isConnectionError(error) || attempt >= RETRIES) throw error;
        await this.signal.wait(Math.min(100 * 2 ** attempt, 5_000));
        if (this.closed) return { events: [], hiddenEventsPending: false };
      }
    }
  }
}

const RETRIES = 10;

/** Connection-level failures (as opposed to errors in the query itself). */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // SQLSTATE 08xxx connection exceptions, 57P0x shutdowns; Node socket errors.
    if (/^08|^57P0/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

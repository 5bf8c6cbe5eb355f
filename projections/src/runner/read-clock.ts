/** A new mark at most this often (ms): how early `readAt` may be. */
const MARK_SPACING_MS = 50;
/** Marks kept at most; beyond, the oldest go (only a failed projector holds them that long). */
const MAX_MARKS = 10_000;

/**
 * When the events of a term were read, coarsely: one mark (the number of the first event read
 * then, and when) at most every 50 ms instead of a timestamp per event, so that the runner can
 * tell how long the oldest event a projector has not applied has waited (its lag in seconds).
 */
export class ReadClock {
  /** Events read so far in this term. */
  count = 0;
  private readonly marks: Array<{ index: number; at: number }> = [];

  read(now = performance.now()): void {
    const last = this.marks[this.marks.length - 1];
    if (last === undefined || now - last.at >= MARK_SPACING_MS) {
      this.marks.push({ index: this.count, at: now });
      if (this.marks.length > MAX_MARKS) this.marks.shift();
    }
    this.count++;
  }

  /**
   * When event number `index` (from 0) was read (`performance.now()`), at most 50 ms early;
   * undefined when it has not been read yet.
   */
  readAt(index: number): number | undefined {
    if (index >= this.count || this.marks.length === 0) return undefined;
    // The last mark at or before `index`: the event came within 50 ms of it.
    let low = 0;
    let high = this.marks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.marks[middle]!.index <= index) low = middle;
      else high = middle - 1;
    }
    return this.marks[low]!.at;
  }

  /** Forgets what is no longer needed once every projector has applied the events before `index`. */
  forget(index: number): void {
    let drop = 0;
    while (drop + 1 < this.marks.length && this.marks[drop + 1]!.index <= index) drop++;
    if (drop > 0) this.marks.splice(0, drop);
  }
}

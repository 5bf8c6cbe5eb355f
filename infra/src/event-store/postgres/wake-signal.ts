/**
 * A level-triggered wake-up: `wake()` before `wait()` is not lost, so a subscriber that was busy
 * reading when an append committed reads again instead of sleeping until the next poll.
 */
export class WakeSignal {
  private pending = false;
  private resolve: (() => void) | undefined;

  wake(): void {
    this.pending = true;
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.();
  }

  /** Clears a pending wake; call right before reading. */
  consume(): void {
    this.pending = false;
  }

  /** Resolves on the next wake (at once if one is pending) or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const self = this;
      function done(): void {
        clearTimeout(timer);
        if (self.resolve === done) self.resolve = undefined;
        resolve();
      }
      this.resolve = done;
    });
  }
}

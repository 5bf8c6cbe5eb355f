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

  /** Resolves true on the next wake (at once if one is pending), false after `timeoutMs`. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (woken: boolean): void => {
        clearTimeout(timer);
        if (this.resolve === wake) this.resolve = undefined;
        resolve(woken);
      };
      const wake = () => finish(true);
      this.resolve = wake;
    });
  }
}

import { comparePositions, formatPosition, parsePosition, START, type Bus, type Position } from '@sideline/infra';

export const projectionSubject = (name: string) => `sideline.projection.${name}`;

/**
 * Knows how far each projector has got, from the `sideline.projection.{name}` bus messages the
 * runner publishes after each commit, so read-your-writes works in one process and across
 * processes (split mode) with the same code.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, Position>();
  private readonly waiters = new Set<{ target: Position; settle: (reached: boolean) => void }>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: Bus,
    private readonly projectorNames: readonly string[],
  ) {
    for (const name of projectorNames) this.positions.set(name, START);
    this.unsubscribe = bus.subscribe('sideline.projection.*', (message) => {
      const name = message.subject.slice('sideline.projection.'.length);
      const { position } = message.data as { position: string };
      this.report(name, parsePosition(position));
    });
  }

  /** Called by the bus subscription, and directly by an in-process runner (no bus hop needed). */
  report(name: string, position: Position): void {
    const current = this.positions.get(name);
    if (current === undefined || comparePositions(position, current) <= 0) return;
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
    });
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.positions].map(([name, p]) => [name, formatPosition(p)]));
  }

  close(): void {
    this.unsubscribe();
    for (const waiter of [...this.waiters]) waiter.settle(false);
  }
}

import type { Decider } from './decider.ts';
import { fold } from './decider.ts';
import { DomainError } from './errors.ts';

/**
 * Test helper for deciders: `given(decider, pastEvents).when(command).then(expectedEvents)` or
 * `.thenRefuses(code)`. Past events may be in an older stored shape (read through the decider's
 * upcasting). Framework-free so every package's tests can use it.
 */
export function given<C, E, S, Stored = E>(decider: Decider<C, E, S, Stored>, events: readonly Stored[] = []) {
  const state = fold(decider, events);
  return {
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        then(expected: readonly E[]): void {
          const actual = run();
          const a = JSON.stringify(actual);
          const b = JSON.stringify(expected);
          if (a !== b) throw new Error(`Expected events\n  ${b}\nbut got\n  ${a}`);
        },
        thenRefuses(code: string): void {
          let events: E[];
          try {
            events = run();
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            if (error.code !== code) {
              throw new Error(`Expected refusal ${code} but got ${error.code}: ${error.message}`, { cause: error });
            }
            return;
          }
          throw new Error(`Expected refusal ${code} but got events ${JSON.stringify(events)}`);
        },
      };
    },
  };
}

import { describe, expect, it } from 'vitest';
import { ReadClock } from './read-clock.ts';

describe('when the events of a term were read', () => {
  it('tells when an event was read, at most 50 ms early, from one mark per 50 ms', () => {
    const clock = new ReadClock();
    // A burst at 1,000 ms, a quiet spell, then one event at 5,000 ms.
    for (let i = 0; i < 100; i++) clock.read(1_000 + i * 0.4);
    clock.read(5_000);
    expect(clock.count).toBe(101);
    expect(clock.readAt(0)).toBe(1_000);
    expect(clock.readAt(99)).toBe(1_000);
    expect(clock.readAt(100)).toBe(5_000);
    expect(clock.readAt(101)).toBeUndefined();
  });

  it('starts a new mark every 50 ms under steady reading', () => {
    const clock = new ReadClock();
    for (let t = 0; t <= 200; t += 10) clock.read(t);
    for (let i = 0; i < clock.count; i++) {
      const readAt = clock.readAt(i)!;
      expect(i * 10 - readAt).toBeGreaterThanOrEqual(0);
      expect(i * 10 - readAt).toBeLessThan(50);
    }
  });

  it('forgets marks every projector is past, keeping the one the oldest unapplied event needs', () => {
    const clock = new ReadClock();
    for (let t = 0; t < 1_000; t += 100) clock.read(t);
    clock.forget(5);
    expect(clock.readAt(5)).toBe(500);
    expect(clock.readAt(9)).toBe(900);
    clock.forget(9);
    expect(clock.readAt(9)).toBe(900);
  });
});

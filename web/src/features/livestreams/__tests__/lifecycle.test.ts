import { livestreamSnapshot } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { eventsTowards, phaseOf, streamPhase } from '../hooks/use-livestream-lifecycle.ts';

describe("the screen's livestream lifecycle (the domain's machine)", () => {
  it('shows a dropped publisher as reconnecting', () => {
    expect(streamPhase({ status: 'live', ingest: 'interrupted' })).toBe('reconnecting');
    expect(streamPhase({ status: 'live', ingest: 'on_air' })).toBe('live');
    expect(streamPhase({ status: 'live', ingest: null })).toBe('live');
    expect(streamPhase({ status: 'ended', ingest: null })).toBe('ended');
  });

  it("finds the machine's own events that lead to the state the server reports", () => {
    expect(eventsTowards(livestreamSnapshot('scheduled'), 'scheduled', null)).toEqual([]);
    expect(eventsTowards(livestreamSnapshot('scheduled'), 'live', 'on_air')).toEqual(['PublishStarted']);
    expect(eventsTowards(livestreamSnapshot('live', 'on_air'), 'live', 'interrupted')).toEqual(['PublishDropped']);
    expect(eventsTowards(livestreamSnapshot('live', 'interrupted'), 'live', 'on_air')).toEqual(['PublishStarted']);
    expect(eventsTowards(livestreamSnapshot('scheduled'), 'cancelled', null)).toEqual(['CancelLivestream']);
    // A page that missed the whole broadcast still gets there by the machine's rules.
    const path = eventsTowards(livestreamSnapshot('scheduled'), 'ended', null)!;
    expect(path).toHaveLength(2);
    expect(path[0]).toBe('PublishStarted');
  });

  it('never goes back: an ended or cancelled stream cannot become live again', () => {
    expect(eventsTowards(livestreamSnapshot('ended'), 'live', 'on_air')).toBeNull();
    expect(eventsTowards(livestreamSnapshot('cancelled'), 'scheduled', null)).toBeNull();
    expect(phaseOf(livestreamSnapshot('cancelled'))).toBe('cancelled');
  });
});

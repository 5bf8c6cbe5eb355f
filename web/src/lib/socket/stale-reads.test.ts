import { describe, expect, it } from 'vitest';
import { apiKey } from '../query-keys.ts';
import type { IncomingFrame } from './protocol.ts';
import { staleReadsOf } from './stale-reads.ts';

const frame = (value: Record<string, unknown>) => value as unknown as IncomingFrame;

describe('the reads a socket frame makes stale', () => {
  it("a chat photo makes the team's messages, Home and its Media Hub stale; a text leaves the Media Hub", () => {
    const photo = frame({ type: 'new_message', message: { teamId: 't1', mediaUrl: '/media/x.jpg' } });
    const text = frame({ type: 'new_message', message: { teamId: 't1', mediaUrl: null } });
    expect(staleReadsOf(photo)).toEqual([
      ['api', 'teams', 't1', 'messages'],
      ['api', 'dashboard'],
      ['api', 'teams', 't1', 'media'],
    ]);
    expect(staleReadsOf(text)).not.toContainEqual(apiKey('/api/teams/t1/media'));
  });

  it("a schedule change makes that team's events (its next ones below them) and every Home stale", () => {
    expect(staleReadsOf(frame({ type: 'events_changed', teamId: 't2' }))).toEqual([
      ['api', 'teams', 't2', 'events'],
      ['api', 'me', 'upcoming'],
      ['api', 'dashboard'],
    ]);
  });

  it('a resync makes every read stale', () => {
    expect(staleReadsOf(frame({ type: 'resync' }))).toEqual([{}]);
  });

  it('a frame a newer server added, or a team frame without its team, changes nothing', () => {
    expect(staleReadsOf(frame({ type: 'someday_changed', teamId: 't1' }))).toEqual([]);
    expect(staleReadsOf(frame({ type: 'events_changed' }))).toEqual([]);
    expect(staleReadsOf(frame({ type: 'toString', teamId: 't1' }))).toEqual([]);
  });
});

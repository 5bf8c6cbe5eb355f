import { describe, expect, it } from 'vitest';
import { createQueryClient, invalidateStale } from '../query-client.ts';
import { apiKey } from '../query-keys.ts';
import type { IncomingFrame } from './protocol.ts';
import { staleReadsOf } from './stale-reads.ts';

const frame = (value: Record<string, unknown>) => value as unknown as IncomingFrame;

describe('the reads a socket frame makes stale', () => {
  it("a chat photo makes the team's messages, Home and its Media Hub stale; a text leaves the Media Hub", () => {
    const photo = frame({ type: 'new_message', message: { teamId: 't1', mediaUrl: '/media/x.jpg' } });
    const text = frame({ type: 'new_message', message: { teamId: 't1', mediaUrl: null } });
    expect(staleReadsOf(photo)).toEqual([
      expect.objectContaining({ queryKey: ['api', 'teams', 't1', 'messages'] }),
      ['api', 'dashboard'],
      ['api', 'teams', 't1', 'media'],
    ]);
    expect(staleReadsOf(text)).not.toContainEqual(apiKey('/api/teams/t1/media'));
  });

  it("a new message makes the team's latest page and its paged history stale, not its pinned messages", async () => {
    const queryClient = createQueryClient();
    const keys = [
      ['api', 'teams', 't1', 'messages'],
      ['api', 'teams', 't1', 'messages', 'pages'],
      ['api', 'teams', 't1', 'messages', 'pinned'],
      ['api', 'teams', 't2', 'messages'],
    ];
    for (const queryKey of keys) queryClient.setQueryData(queryKey, []);
    await invalidateStale(queryClient, staleReadsOf(frame({ type: 'new_message', message: { teamId: 't1' } })));
    expect(keys.filter((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated)).toEqual(keys.slice(0, 2));
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

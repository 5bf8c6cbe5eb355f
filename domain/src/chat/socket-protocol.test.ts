import { describe, expect, it } from 'vitest';
import { parseClientFrame, serverFrame } from './socket-protocol.ts';

describe('parseClientFrame', () => {
  it('accepts the spec frames as the old client wrote them (identity fields included)', () => {
    const frames = [
      { type: 'join_teams', userId: 'u1', teamIds: ['t1', 't2'] },
      { type: 'send_message', teamId: 't1', content: 'hi', senderId: 'u1', senderName: 'A', mediaUrl: '/m/1.jpg' },
      { type: 'typing', teamId: 't1', userId: 'u1', userName: 'A', isTyping: false },
      { type: 'presence', userId: 'u1', status: 'online', lastSeen: '2026-01-01T00:00:00Z' },
    ];
    for (const frame of frames) {
      const parsed = parseClientFrame(JSON.stringify(frame));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
  });

  it('defaults a media-only message to empty content and a missing mediaUrl to absent', () => {
    const parsed = parseClientFrame('{"type":"send_message","teamId":"t1","mediaUrl":"/m/1.jpg"}');
    expect(parsed).toMatchObject({ ok: true, frame: { content: '', mediaUrl: '/m/1.jpg' } });
  });

  it('refuses ids that would address other bus subjects', () => {
    for (const teamId of ['a.b', '*', '>', 'a b', '']) {
      const parsed = parseClientFrame(JSON.stringify({ type: 'typing', teamId, isTyping: true }));
      expect(parsed).toMatchObject({ ok: false, code: 'bad_frame' });
    }
  });

  it('does not treat inherited properties as frame types', () => {
    expect(parseClientFrame('{"type":"constructor"}')).toMatchObject({ ok: false, code: 'unknown_type' });
    expect(parseClientFrame('{"type":"__proto__"}')).toMatchObject({ ok: false, code: 'unknown_type' });
  });

  it('describes what is wrong, briefly', () => {
    expect(parseClientFrame('null')).toMatchObject({ ok: false, message: 'Malformed frame: expected a JSON object' });
    const parsed = parseClientFrame('{"type":"join_teams"}');
    expect(parsed).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid join_teams frame: teamIds: /) });
  });
});

describe('serverFrame', () => {
  it('describes the frames the gateway sends', () => {
    expect(serverFrame.safeParse({ type: 'joined', teamIds: ['t1'] }).success).toBe(true);
    expect(
      serverFrame.safeParse({ type: 'typing_update', teamId: 't', userId: 'u', userName: 'A', isTyping: true }).success,
    ).toBe(true);
    expect(serverFrame.safeParse({ type: 'error', message: 'x', code: 'bad_frame' }).success).toBe(true);
  });

  it('describes the "this changed" notifications the projectors send', () => {
    for (const type of ['pinned_changed', 'media_changed', 'team_members_changed']) {
      expect(serverFrame.parse({ type, teamId: 't1' })).toEqual({ type, teamId: 't1' });
      expect(serverFrame.safeParse({ type }).success, type).toBe(false);
    }
  });

  it("tells a person their memberships changed, for one team, one organization's teams, or all", () => {
    const frames = [
      { type: 'membership_changed', teamId: 't1' },
      { type: 'membership_changed', orgId: 'o1' },
      { type: 'membership_changed' },
    ];
    for (const frame of frames) expect(serverFrame.parse(frame)).toEqual(frame);
  });
});

describe('new_message', () => {
  it("carries the API's Message plus the spec's realtime fields", () => {
    const message = {
      id: 'm1',
      teamId: 't1',
      userId: 'u1',
      text: 'Practice at 6',
      mediaUrl: null,
      timestamp: '2026-03-01T17:00:00.000Z',
      pinned: false,
      clientId: null,
      user: { name: 'Alice', avatarUrl: null },
      content: 'Practice at 6',
      senderId: 'u1',
      senderName: 'Alice',
    };
    expect(serverFrame.parse({ type: 'new_message', message })).toEqual({ type: 'new_message', message });
    const { senderName: _dropped, ...withoutName } = message;
    expect(serverFrame.safeParse({ type: 'new_message', message: withoutName }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { sendBounded, type SendableSocket } from './connection.ts';

// A slow client cannot be produced reliably over loopback (kernel buffers absorb megabytes), so
// the policy is tested against a stand-in socket whose queued byte count we set.
function socketWithQueued(bufferedAmount: number, readyState = 1) {
  const sent: string[] = [];
  let terminated = false;
  const socket = {
    readyState,
    bufferedAmount,
    send: (text: string) => void sent.push(text),
    terminate: () => void (terminated = true),
  } as unknown as SendableSocket;
  return { socket, sent, terminated: () => terminated };
}

const limits = { dropEphemeralAboveBytes: 1_000, terminateAboveBytes: 10_000 };

describe('sendBounded (slow-socket policy)', () => {
  it('sends everything to a socket that keeps up', () => {
    const s = socketWithQueued(0);
    expect(sendBounded(s.socket, 'typing', true, limits)).toBe('sent');
    expect(sendBounded(s.socket, 'message', false, limits)).toBe('sent');
    expect(s.sent).toEqual(['typing', 'message']);
  });

  it('drops typing/presence first, still sending chat, when the socket falls behind', () => {
    const s = socketWithQueued(5_000);
    expect(sendBounded(s.socket, 'typing', true, limits)).toBe('dropped');
    expect(sendBounded(s.socket, 'message', false, limits)).toBe('sent');
    expect(s.sent).toEqual(['message']);
    expect(s.terminated()).toBe(false);
  });

  it('terminates a socket that cannot even keep up with chat', () => {
    const s = socketWithQueued(20_000);
    expect(sendBounded(s.socket, 'message', false, limits)).toBe('terminated');
    expect(s.sent).toEqual([]);
    expect(s.terminated()).toBe(true);
  });

  it('skips a socket that is no longer open', () => {
    const s = socketWithQueued(0, 3);
    expect(sendBounded(s.socket, 'message', false, limits)).toBe('closed');
    expect(s.sent).toEqual([]);
  });
});

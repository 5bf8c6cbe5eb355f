import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { chatDecider } from './decider.ts';
import type { ChatEvent, MessageSent } from './events.ts';
import { sendMessageInputSchema } from './schemas.ts';

const sent = (messageId: string, userId = 'u1', clientId: string | null = null): MessageSent => ({
  type: 'MessageSent',
  data: { teamId: 't1', messageId, userId, text: 'hello', mediaUrl: null, clientId },
});
const send = (
  data: Partial<{ messageId: string; userId: string; text: string; mediaUrl: string | null; clientId: string }>,
) => ({
  type: 'SendMessage' as const,
  data: { teamId: 't1', messageId: 'm1', userId: 'u1', text: 'hello', mediaUrl: null, ...data },
});
const pin = (messageId: string, canManage = true) => ({
  type: 'PinMessage' as const,
  data: { teamId: 't1', messageId, by: 'c1', canManage },
});
const unpin = (messageId: string, canManage = true) => ({
  type: 'UnpinMessage' as const,
  data: { teamId: 't1', messageId, by: 'c1', canManage },
});

describe('chat decider: sending', () => {
  it('given nothing, when a member sends, then the message is sent with its text trimmed', () => {
    given(chatDecider)
      .when(send({ text: '  Practice at 6  ', clientId: 'client-0001' }))
      .then([
        {
          type: 'MessageSent',
          data: {
            teamId: 't1',
            messageId: 'm1',
            userId: 'u1',
            text: 'Practice at 6',
            mediaUrl: null,
            clientId: 'client-0001',
          },
        },
      ]);
  });

  it('allows a media-only message', () => {
    given(chatDecider)
      .when(send({ text: '', mediaUrl: '/api/media/abc.png' }))
      .then([
        {
          type: 'MessageSent',
          data: {
            teamId: 't1',
            messageId: 'm1',
            userId: 'u1',
            text: '',
            mediaUrl: '/api/media/abc.png',
            clientId: null,
          },
        },
      ]);
  });

  it('refuses a message blank after trimming, without media', () => {
    given(chatDecider)
      .when(send({ text: ' \n\t ' }))
      .thenRefuses('EMPTY_MESSAGE');
  });

  it('refuses a message over the length limit', () => {
    given(chatDecider)
      .when(send({ text: 'x'.repeat(4001) }))
      .thenRefuses('MESSAGE_TOO_LONG');
  });

  it("given a sender's clientId was used, when they send with it again, then nothing new is sent", () => {
    given(chatDecider, [sent('m1', 'u1', 'client-0001')])
      .when(send({ messageId: 'm2', clientId: 'client-0001' }))
      .then([]);
  });

  it("does not confuse another sender's clientId with this sender's", () => {
    given(chatDecider, [sent('m1', 'u2', 'client-0001')])
      .when(send({ messageId: 'm2', clientId: 'client-0001' }))
      .then([
        {
          type: 'MessageSent',
          data: { teamId: 't1', messageId: 'm2', userId: 'u1', text: 'hello', mediaUrl: null, clientId: 'client-0001' },
        },
      ]);
  });

  it('treats a known message id as a retry', () => {
    given(chatDecider, [sent('m1')])
      .when(send({ messageId: 'm1' }))
      .then([]);
  });
});

describe('chat decider: pinning', () => {
  const history: ChatEvent[] = [sent('m1'), sent('m2')];

  it('given a message, when a coach pins it, then it is pinned', () => {
    given(chatDecider, history)
      .when(pin('m1'))
      .then([{ type: 'MessagePinned', data: { teamId: 't1', messageId: 'm1', by: 'c1' } }]);
  });

  it('refuses pinning and unpinning by someone who may not manage the chat', () => {
    given(chatDecider, history).when(pin('m1', false)).thenRefuses('COACHES_ONLY');
    given(chatDecider, history).when(unpin('m1', false)).thenRefuses('COACHES_ONLY');
  });

  it('refuses pinning an unknown message', () => {
    given(chatDecider, history).when(pin('m9')).thenRefuses('MESSAGE_NOT_FOUND');
  });

  it('given a pinned message, when it is pinned again, then nothing happens', () => {
    given(chatDecider, [...history, { type: 'MessagePinned', data: { teamId: 't1', messageId: 'm1', by: 'c1' } }])
      .when(pin('m1'))
      .then([]);
  });

  it('given a pinned message, when it is unpinned, then it is unpinned; unpinning again is a no-op', () => {
    const pinned: ChatEvent[] = [
      ...history,
      { type: 'MessagePinned', data: { teamId: 't1', messageId: 'm1', by: 'c1' } },
    ];
    given(chatDecider, pinned)
      .when(unpin('m1'))
      .then([{ type: 'MessageUnpinned', data: { teamId: 't1', messageId: 'm1', by: 'c1' } }]);
    given(chatDecider, [...pinned, { type: 'MessageUnpinned', data: { teamId: 't1', messageId: 'm1', by: 'c1' } }])
      .when(unpin('m1'))
      .then([]);
  });
});

describe('chat payloads', () => {
  it('accepts text, media-only and clientId sends; refuses blank ones and external media', () => {
    expect(sendMessageInputSchema.parse({ text: 'hi' })).toEqual({ text: 'hi', mediaUrl: null });
    expect(sendMessageInputSchema.safeParse({ text: '', mediaUrl: '/api/media/a1.png' }).success).toBe(true);
    expect(sendMessageInputSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(sendMessageInputSchema.safeParse({ text: 'x', mediaUrl: 'https://evil.example/a.png' }).success).toBe(false);
    expect(sendMessageInputSchema.safeParse({ text: 'x', clientId: 'short' }).success).toBe(false);
  });
});

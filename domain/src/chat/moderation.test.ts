import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { chatDecider } from './decider.ts';
import type { ChatEvent } from './events.ts';

const sent: ChatEvent = {
  type: 'MessageSent',
  data: { teamId: 't1', messageId: 'm1', userId: 'parent', text: 'See you at 6', mediaUrl: null, clientId: null },
};
const del = (by: string, canModerate = false) => ({
  type: 'DeleteMessage' as const,
  data: { teamId: 't1', messageId: 'm1', by, canModerate },
});
const edit = (by: string, text: string) => ({
  type: 'EditMessage' as const,
  data: { teamId: 't1', messageId: 'm1', by, text },
});
const deleted = (by: string, text = 'See you at 6'): ChatEvent => ({
  type: 'MessageDeleted',
  data: { teamId: 't1', messageId: 'm1', senderId: 'parent', text, by },
});
const edited = (text: string, previousText: string): ChatEvent => ({
  type: 'MessageEdited',
  data: { teamId: 't1', messageId: 'm1', senderId: 'parent', text, previousText, by: 'parent' },
});

describe('chat decider: deleting', () => {
  it('given a message, when its sender deletes it, then it is deleted with the text it had', () => {
    given(chatDecider, [sent])
      .when(del('parent'))
      .then([deleted('parent')]);
  });

  it('given a message, when a team coach or admin deletes it, then it is deleted by them', () => {
    given(chatDecider, [sent])
      .when(del('coach', true))
      .then([deleted('coach')]);
  });

  it('refuses another member who is not a manager', () => {
    given(chatDecider, [sent]).when(del('other-parent')).thenRefuses('NOT_YOUR_MESSAGE');
  });

  it('refuses a message that does not exist', () => {
    given(chatDecider, []).when(del('coach', true)).thenRefuses('MESSAGE_NOT_FOUND');
  });

  it('given a deleted message, deleting it again changes nothing', () => {
    given(chatDecider, [sent, deleted('coach')])
      .when(del('coach', true))
      .then([]);
  });

  it('keeps the edited text as the text that was deleted', () => {
    given(chatDecider, [sent, edited('See you at 7', 'See you at 6')])
      .when(del('coach', true))
      .then([deleted('coach', 'See you at 7')]);
  });
});

describe('chat decider: editing', () => {
  it('given a message, when its sender edits it, then the new text is recorded beside the previous one', () => {
    given(chatDecider, [sent])
      .when(edit('parent', '  See you at 7 '))
      .then([edited('See you at 7', 'See you at 6')]);
  });

  it('keeps every version: a second edit names the first edit as its previous text', () => {
    given(chatDecider, [sent, edited('See you at 7', 'See you at 6')])
      .when(edit('parent', 'See you at 8'))
      .then([edited('See you at 8', 'See you at 7')]);
  });

  it('refuses anyone but the sender, even a coach', () => {
    given(chatDecider, [sent]).when(edit('coach', 'changed')).thenRefuses('NOT_YOUR_MESSAGE');
  });

  it('refuses a deleted message and an empty text; the same text changes nothing', () => {
    given(chatDecider, [sent, deleted('parent')])
      .when(edit('parent', 'again'))
      .thenRefuses('MESSAGE_NOT_FOUND');
    given(chatDecider, [sent]).when(edit('parent', '   ')).thenRefuses('EMPTY_MESSAGE');
    given(chatDecider, [sent]).when(edit('parent', 'See you at 6')).then([]);
  });
});

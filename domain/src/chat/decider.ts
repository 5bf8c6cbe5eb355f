import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { ChatCommand } from './commands.ts';
import type { ChatEvent } from './events.ts';
import { MESSAGE_MAX_LENGTH } from './schemas.ts';

/**
 * What a command on a team's chat needs to know, and nothing more (no texts): which messages
 * exist, which are pinned, and which retry keys each sender has used.
 *
 * A send is decided on the message's own stream (`chatMessageStream`, the id derived from the
 * sender's clientId when there is one), so the fold is one event at most and a racing retry finds
 * the original here, in the stream, not in a read model that may lag. Pins load the slice of
 * this state they touch from the chat read model (see command-api/src/chat); `evolve` still
 * defines the state, so the rules are tested here the usual way.
 */
export interface ChatState {
  messages: ReadonlySet<string>;
  pinned: ReadonlySet<string>;
  /** userId → clientIds already used by that sender. */
  clientIds: ReadonlyMap<string, ReadonlySet<string>>;
}

export const emptyChatState: ChatState = { messages: new Set(), pinned: new Set(), clientIds: new Map() };

export const chatDecider: Decider<ChatCommand, ChatEvent, ChatState> = {
  initialState: emptyChatState,

  decide(command, state) {
    switch (command.type) {
      case 'SendMessage': {
        const { teamId, messageId, userId, mediaUrl } = command.data;
        const clientId = command.data.clientId ?? null;
        // A retried send (same sender and clientId, or the same message id) is a no-op: the
        // caller answers with the message that already exists.
        if (clientId !== null && state.clientIds.get(userId)?.has(clientId)) return [];
        if (state.messages.has(messageId)) return [];
        const text = command.data.text.trim();
        if (text.length === 0 && mediaUrl === null) {
          throw new DomainError('invalid', 'EMPTY_MESSAGE', 'Write a message or attach a photo');
        }
        if (text.length > MESSAGE_MAX_LENGTH) {
          throw new DomainError('invalid', 'MESSAGE_TOO_LONG', `Messages are at most ${MESSAGE_MAX_LENGTH} characters`);
        }
        return [{ type: 'MessageSent', data: { teamId, messageId, userId, text, mediaUrl, clientId } }];
      }
      case 'PinMessage':
      case 'UnpinMessage': {
        const { teamId, messageId, by, canManage } = command.data;
        if (!canManage) throw new DomainError('forbidden', 'COACHES_ONLY', 'Only coaches can pin messages');
        if (!state.messages.has(messageId)) {
          throw new DomainError('not_found', 'MESSAGE_NOT_FOUND', 'Message not found');
        }
        const pin = command.type === 'PinMessage';
        // Pinning a pinned message (or unpinning an unpinned one) changes nothing.
        if (state.pinned.has(messageId) === pin) return [];
        return [{ type: pin ? 'MessagePinned' : 'MessageUnpinned', data: { teamId, messageId, by } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MessageSent': {
        const { messageId, userId, clientId } = event.data;
        const messages = new Set(state.messages).add(messageId);
        if (clientId === null) return { ...state, messages };
        const clientIds = new Map(state.clientIds);
        clientIds.set(userId, new Set(state.clientIds.get(userId)).add(clientId));
        return { ...state, messages, clientIds };
      }
      case 'MessagePinned':
        return { ...state, pinned: new Set(state.pinned).add(event.data.messageId) };
      case 'MessageUnpinned': {
        const pinned = new Set(state.pinned);
        pinned.delete(event.data.messageId);
        return { ...state, pinned };
      }
    }
  },
};

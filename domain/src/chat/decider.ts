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
  /**
   * What deleting or editing needs, folded from the message's own stream: its sender, its
   * current text, and whether it was deleted.
   */
  contents: ReadonlyMap<string, { senderId: string; text: string; deleted: boolean }>;
}

export const emptyChatState: ChatState = {
  messages: new Set(),
  pinned: new Set(),
  clientIds: new Map(),
  contents: new Map(),
};

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
      case 'DeleteMessage': {
        const { teamId, messageId, by, canModerate } = command.data;
        const message = state.contents.get(messageId);
        if (!message) throw new DomainError('not_found', 'MESSAGE_NOT_FOUND', 'Message not found');
        if (message.senderId !== by && !canModerate) {
          throw new DomainError(
            'forbidden',
            'NOT_YOUR_MESSAGE',
            "Only the sender or the team's coaches and admins can delete a message",
          );
        }
        if (message.deleted) return [];
        return [
          { type: 'MessageDeleted', data: { teamId, messageId, senderId: message.senderId, text: message.text, by } },
        ];
      }
      case 'EditMessage': {
        const { teamId, messageId, by } = command.data;
        const message = state.contents.get(messageId);
        if (!message || message.deleted) throw new DomainError('not_found', 'MESSAGE_NOT_FOUND', 'Message not found');
        if (message.senderId !== by) {
          throw new DomainError('forbidden', 'NOT_YOUR_MESSAGE', 'Only the sender can edit a message');
        }
        const text = command.data.text.trim();
        if (text.length === 0) throw new DomainError('invalid', 'EMPTY_MESSAGE', 'Write a message');
        if (text.length > MESSAGE_MAX_LENGTH) {
          throw new DomainError('invalid', 'MESSAGE_TOO_LONG', `Messages are at most ${MESSAGE_MAX_LENGTH} characters`);
        }
        if (text === message.text) return [];
        return [
          {
            type: 'MessageEdited',
            data: { teamId, messageId, senderId: message.senderId, text, previousText: message.text, by },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MessageSent': {
        const { messageId, userId, clientId } = event.data;
        const messages = new Set(state.messages).add(messageId);
        const contents = new Map(state.contents);
        if (!contents.has(messageId))
          contents.set(messageId, { senderId: userId, text: event.data.text, deleted: false });
        if (clientId === null) return { ...state, messages, contents };
        const clientIds = new Map(state.clientIds);
        clientIds.set(userId, new Set(state.clientIds.get(userId)).add(clientId));
        return { ...state, messages, clientIds, contents };
      }
      case 'MessagePinned':
        return { ...state, pinned: new Set(state.pinned).add(event.data.messageId) };
      case 'MessageUnpinned': {
        const pinned = new Set(state.pinned);
        pinned.delete(event.data.messageId);
        return { ...state, pinned };
      }
      case 'MessageDeleted':
      case 'MessageEdited': {
        const current = state.contents.get(event.data.messageId);
        if (!current) return state;
        const contents = new Map(state.contents);
        contents.set(
          event.data.messageId,
          event.type === 'MessageDeleted' ? { ...current, deleted: true } : { ...current, text: event.data.text },
        );
        return { ...state, contents };
      }
    }
  },
};

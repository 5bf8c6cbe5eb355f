import { randomUUID } from 'node:crypto';
import {
  canManageChat,
  chatDecider,
  chatMessageStream,
  chatStream,
  emptyChatState,
  type ChatCommand,
  type ChatState,
  type Message,
} from '@sideline/domain';
import {
  findMedia,
  findMessage,
  findTeamForMember,
  messageOwnership,
  messagePinState,
  type ProjectionProgress,
} from '@sideline/projections';
import { createMemoryRateLimiter } from '../http/memory-rate-limiter.ts';
import type { RateRule } from '../http/rate-limiter.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';
import { appendAndWait } from './append.ts';
import { messageIdForClientId } from './message-ids.ts';

/** Generous for a person typing, tight for a script: 30 messages per 10 s per user. */
export const CHAT_SEND_RATE: RateRule = { max: 30, windowSeconds: 10 };

export interface SendInput {
  text: string;
  mediaUrl: string | null;
  clientId?: string | undefined;
}

export interface ChatService {
  /**
   * Sends as `userId`, who must already be known to be a member of the team. A retry with the
   * same clientId answers with the message sent the first time.
   */
  send(userId: string, teamId: string, input: SendInput): Promise<Message>;
  /**
   * The socket's send: nothing is answered (the message reaches every socket as new_message),
   * so it neither waits for the read model nor reads the message back.
   */
  sendWithoutReply(userId: string, teamId: string, input: SendInput): Promise<void>;
  setPinned(userId: string, teamId: string, messageId: string, pinned: boolean): Promise<Message>;
  /**
   * Deletes (text null) or edits a message. `canModerate`: the caller manages the team (its
   * creator, a coach, an admin of its organization); computed here for members when omitted.
   */
  moderate(
    userId: string,
    teamId: string,
    messageId: string,
    change: { text: string | null; canModerate?: boolean },
  ): Promise<Message>;
  close(): void;
}

const services = new WeakMap<FeatureContext, ChatService>();

/** One service per app: the HTTP routes and the socket's send_message share it. */
export function chatService(ctx: FeatureContext): ChatService {
  let service = services.get(ctx);
  if (!service) {
    service = createChatService(ctx);
    services.set(ctx, service);
  }
  return service;
}

function createChatService(ctx: FeatureContext): ChatService {
  const { db, eventStore, handle } = ctx;
  // A database write per message would cost more than the send; spam damping can be per process.
  const limiter = createMemoryRateLimiter();
  const sweep = setInterval(() => void limiter.purgeStale(60), 60_000);
  sweep.unref();
  // Read-your-writes on every read model, as any command (see FeatureContext.progress).
  const { progress } = ctx;

  /** Pins: decided on the slice of state the read model holds, appended to the team's stream. */
  async function decideAndAppend(command: ChatCommand, state: ChatState, actorId: string): Promise<boolean> {
    const events = chatDecider.decide(command, state);
    if (events.length === 0) return true;
    return appendAndWait(eventStore, progress, chatStream(command.data.teamId), events, actorId);
  }

  /**
   * Decides the send on the message's own stream: a clientId stands for one message id, so a
   * retry (however it races its original, over HTTP or the socket, in this process or another)
   * folds the original's MessageSent and appends nothing.
   */
  async function decideSend(userId: string, teamId: string, input: SendInput, waitFor: ProjectionProgress | null) {
    await limiter.hit(`chat:user:${userId}`, CHAT_SEND_RATE);
    if (input.mediaUrl !== null) await requireOwnTeamMedia(teamId, input.mediaUrl);
    const clientId = input.clientId ?? null;
    const messageId = clientId === null ? randomUUID() : messageIdForClientId(teamId, userId, clientId);
    const command: ChatCommand = {
      type: 'SendMessage',
      data: { teamId, messageId, userId, text: input.text, mediaUrl: input.mediaUrl, clientId },
    };
    await handle(
      chatDecider,
      chatMessageStream(messageId),
      command,
      { actorId: userId },
      { waitFor, likelyNewStream: true },
    );
    return messageId;
  }

  async function requireOwnTeamMedia(teamId: string, mediaUrl: string): Promise<void> {
    const mediaId = /^\/api\/media\/([A-Za-z0-9-]+?)(?:-thumb)?\.[a-z0-9]+$/.exec(mediaUrl)?.[1];
    const media = mediaId ? await findMedia(db, mediaId) : null;
    // Media of another team would not load for this team's members (and must not leak its id).
    if (!media || media.teamId !== teamId || (media.url !== mediaUrl && media.thumbnailUrl !== mediaUrl)) {
      throw new HttpError(400, 'UNKNOWN_MEDIA', 'Unknown media URL', { mediaUrl: ['Unknown media URL'] });
    }
  }

  return {
    async send(userId, teamId, input) {
      const messageId = await decideSend(userId, teamId, input, progress);
      const message = await findMessage(db, teamId, messageId);
      if (!message) {
        throw new HttpError(503, 'NOT_READY', 'Your message is being delivered; refresh in a moment', undefined, 1);
      }
      return message;
    },

    async sendWithoutReply(userId, teamId, input) {
      await decideSend(userId, teamId, input, null);
    },

    async setPinned(userId, teamId, messageId, pinned) {
      const team = await findTeamForMember(db, teamId, userId);
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      const canManage = canManageChat(await teamManagementFacts(db, team, userId));
      const current = await messagePinState(db, teamId, messageId);
      const state: ChatState = {
        ...emptyChatState,
        messages: new Set(current ? [messageId] : []),
        pinned: new Set(current?.pinned ? [messageId] : []),
      };
      const data = { teamId, messageId, by: userId, canManage };
      await decideAndAppend({ type: pinned ? 'PinMessage' : 'UnpinMessage', data }, state, userId);
      const message = await findMessage(db, teamId, messageId);
      if (!message) throw new HttpError(404, 'MESSAGE_NOT_FOUND', 'Message not found');
      return message;
    },

    async moderate(userId, teamId, messageId, change) {
      const owned = await messageOwnership(db, teamId, messageId);
      if (!owned) throw new HttpError(404, 'MESSAGE_NOT_FOUND', 'Message not found');
      let canModerate = change.canModerate ?? false;
      if (change.canModerate === undefined) {
        const team = await findTeamForMember(db, teamId, userId);
        if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
        canModerate = canManageChat(await teamManagementFacts(db, team, userId));
      }
      const command: ChatCommand =
        change.text === null
          ? { type: 'DeleteMessage', data: { teamId, messageId, by: userId, canModerate } }
          : { type: 'EditMessage', data: { teamId, messageId, by: userId, text: change.text } };
      const stream = chatMessageStream(messageId);
      const history = await eventStore.readStream(stream);
      if (history.length > 0) {
        // The message's own stream decides: two moderators racing see each other's event.
        await handle(chatDecider, stream, command, { actorId: userId }, { waitFor: progress });
      } else {
        // Sent before messages had their own streams: its state comes from the read model.
        const current = await findMessage(db, teamId, messageId);
        const state: ChatState = {
          ...emptyChatState,
          messages: new Set([messageId]),
          contents: new Map([
            [messageId, { senderId: owned.senderId, text: current?.text ?? '', deleted: owned.deleted }],
          ]),
        };
        const events = chatDecider.decide(command, state);
        if (events.length > 0) await appendAndWait(eventStore, progress, stream, events, userId);
      }
      const message = await findMessage(db, teamId, messageId);
      if (!message) throw new HttpError(404, 'MESSAGE_NOT_FOUND', 'Message not found');
      return message;
    },

    close() {
      clearInterval(sweep);
    },
  };
}

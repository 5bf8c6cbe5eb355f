import { randomUUID } from 'node:crypto';
import {
  canManageChat,
  chatDecider,
  chatStream,
  emptyChatState,
  type ChatCommand,
  type ChatState,
  type Message,
} from '@sideline/domain';
import {
  findMedia,
  findMessage,
  findMessageByClientId,
  findTeamForMember,
  messagePinState,
  ProjectionProgress,
} from '@sideline/projections';
import { createMemoryRateLimiter } from '../http/memory-rate-limiter.ts';
import type { RateRule } from '../http/rate-limiter.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
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
  /** Sends as `userId`, who must already be known to be a member of the team. */
  send(userId: string, teamId: string, input: SendInput): Promise<{ message: Message; created: boolean }>;
  /**
   * The socket's send: nothing is answered (the message reaches every socket as new_message),
   * so it neither waits for the read model nor reads the message back.
   */
  sendWithoutReply(userId: string, teamId: string, input: SendInput): Promise<void>;
  setPinned(userId: string, teamId: string, messageId: string, pinned: boolean): Promise<Message>;
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
  const { db, eventStore } = ctx;
  // A database write per message would cost more than the send; spam damping can be per process.
  const limiter = createMemoryRateLimiter();
  const sweep = setInterval(() => void limiter.purgeStale(60), 60_000);
  sweep.unref();
  // Read-your-writes for the chat read model only: a send answers with the stored message and
  // need not wait for unrelated projectors. Fed over the bus, so it works in split mode too.
  const progress = new ProjectionProgress(ctx.bus, ['chat']);

  async function decideAndAppend(
    command: ChatCommand,
    state: ChatState,
    actorId: string,
    wait = true,
  ): Promise<boolean> {
    const events = chatDecider.decide(command, state);
    if (events.length === 0) return true;
    return appendAndWait(eventStore, wait ? progress : null, chatStream(command.data.teamId), events, actorId);
  }

  /** Returns the message already sent with this clientId, or the command for a new one. */
  async function prepareSend(userId: string, teamId: string, input: SendInput) {
    await limiter.hit(`chat:user:${userId}`, CHAT_SEND_RATE);
    const clientId = input.clientId ?? null;
    if (clientId !== null) {
      // The idempotency check, from the read model's unique (team, sender, clientId) index.
      const existing = await findMessageByClientId(db, teamId, userId, clientId);
      if (existing) return { existing };
    }
    if (input.mediaUrl !== null) await requireOwnTeamMedia(teamId, input.mediaUrl);
    const messageId = clientId === null ? randomUUID() : messageIdForClientId(teamId, userId, clientId);
    // The read model showed this clientId unused, so the state the decider needs is empty.
    const command: ChatCommand = {
      type: 'SendMessage',
      data: { teamId, messageId, userId, text: input.text, mediaUrl: input.mediaUrl, clientId },
    };
    return { command, messageId };
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
      const prepared = await prepareSend(userId, teamId, input);
      if ('existing' in prepared) return { message: prepared.existing!, created: false };
      await decideAndAppend(prepared.command, emptyChatState, userId);
      const message = await findMessage(db, teamId, prepared.messageId);
      if (!message) {
        throw new HttpError(503, 'NOT_READY', 'Your message is being delivered; refresh in a moment', undefined, 1);
      }
      return { message, created: true };
    },

    async sendWithoutReply(userId, teamId, input) {
      const prepared = await prepareSend(userId, teamId, input);
      if ('existing' in prepared) return;
      await decideAndAppend(prepared.command, emptyChatState, userId, false);
    },

    async setPinned(userId, teamId, messageId, pinned) {
      const team = await findTeamForMember(db, teamId, userId);
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      const canManage = canManageChat({ userId, assignedRole: team.myAssignedRole }, team);
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

    close() {
      clearInterval(sweep);
      progress.close();
    },
  };
}

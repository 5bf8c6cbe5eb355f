import type { Message } from '@sideline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { hasWaitingWrites } from '../../../lib/offline/outbox-store.ts';
import type { OutboxWrite } from '../../../lib/offline/outbox-types.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';
import { isFrame } from '../../../lib/socket/protocol.ts';
import { useSocket, useSocketSubscription } from '../../../lib/socket/socket-context.ts';
import { useUser } from '../../auth/api.ts';
import { chatKeys, insertMessage } from '../api.ts';
import { SOCKET_ECHO_TIMEOUT_MS } from '../constants.ts';
import { newClientId, toMessage } from '../lib/messages.ts';

/** A message the user sent that the server has not confirmed yet (shown optimistically). */
export interface PendingMessage {
  clientId: string;
  teamId: string;
  text: string;
  mediaUrl: string | null;
  /** When it was written (ISO), for its place and time in the list. */
  createdAt: string;
  /** The way it went (or is going): over the live socket, or the HTTP fallback. */
  via: 'socket' | 'http';
  status: 'sending' | 'failed';
  /** No "Message sent" toast on success (a photo message has its own toast). */
  silent: boolean;
}

export interface SendOptions {
  text: string;
  mediaUrl?: string | null;
  silent?: boolean;
}

/** The outbox's kind for chat messages: `useOutboxEntries({ kind: CHAT_MESSAGE_KIND, scope: teamId })`. */
export const CHAT_MESSAGE_KIND = 'chat.message';

/** A chat message as an outbox write: its client id is the key the server makes it idempotent by. */
function chatWrite(message: PendingMessage): OutboxWrite {
  const { teamId, text, mediaUrl, clientId, createdAt } = message;
  const preview = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return {
    kind: CHAT_MESSAGE_KIND,
    scope: teamId,
    label: preview ? `Message "${preview}"` : 'Photo message',
    method: 'POST',
    path: apiPaths.teamMessages(teamId),
    body: { text, mediaUrl, clientId },
    idempotencyKey: clientId,
    refresh: [apiPaths.teamMessages(teamId), apiPaths.dashboard],
    data: { text, mediaUrl, clientId, createdAt },
  };
}

function showSendFailure(error: unknown) {
  // Spec §8: an HTTP failure names the error; anything thrown otherwise is a plain "Error".
  if (isApiError(error)) {
    toast({
      title: 'Failed to send message',
      description: error.serverMessage ?? (error.message || 'Please try again.'),
      variant: 'destructive',
    });
  } else {
    toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' });
  }
}

/**
 * Sending chat messages (spec §4 "Chat send", §8): each gets a client id and shows at once as
 * 'sending'. With the socket up it goes over the socket and is confirmed by the `new_message`
 * carrying its client id; otherwise it is POSTed (toast 'Message sent' / 'Failed to send
 * message'). A socket send that is not echoed within 10 s, or whose connection drops first, is
 * sent again over HTTP with the same client id (the server makes that idempotent), so nothing is
 * lost and nothing is doubled. A failed message stays in the list with a retry.
 *
 * Offline, or when the HTTP send gets no answer, the message goes to the outbox
 * (lib/offline/outbox.ts) and waits there, across reloads, shown as "Waiting to send" (the chat
 * lists the outbox's messages beside these); while any write waits, new ones queue behind it.
 */
export function useChatSender() {
  const queryClient = useQueryClient();
  const { status, send: socketSend } = useSocket();
  const userId = useUser().data?.id;
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [httpInFlight, setHttpInFlight] = useState(0);
  const pendingRef = useRef(pending);
  const echoTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);

  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  useEffect(() => {
    mounted.current = true;
    const timers = echoTimers.current;
    return () => {
      mounted.current = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const clearEchoTimer = useCallback((clientId: string) => {
    const timer = echoTimers.current.get(clientId);
    if (timer) clearTimeout(timer);
    echoTimers.current.delete(clientId);
  }, []);

  const update = useCallback((clientId: string, patch: Partial<PendingMessage>) => {
    const apply = (list: PendingMessage[]) => list.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p));
    pendingRef.current = apply(pendingRef.current);
    setPending(apply);
  }, []);

  const confirm = useCallback(
    (clientId: string) => {
      clearEchoTimer(clientId);
      const keep = (list: PendingMessage[]) => list.filter((p) => p.clientId !== clientId);
      pendingRef.current = keep(pendingRef.current);
      setPending(keep);
    },
    [clearEchoTimer],
  );

  const afterServerMessage = useCallback(
    (message: Message) => {
      insertMessage(queryClient, message);
      // The latest page and the history, not the pinned ones (a new message is not pinned).
      const stale = [chatKeys.latest(message.teamId), chatKeys.pages(message.teamId), apiKey(apiPaths.dashboard)];
      // The Media Hub's key (`mediaKeys.all`), from the same path: its module stays out of the chat's chunk.
      if (message.mediaUrl) stale.push(apiKey(apiPaths.teamMedia(message.teamId)));
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    [queryClient],
  );

  const sendOverHttp = useCallback(
    async (message: PendingMessage, { silent }: { silent: boolean }): Promise<boolean> => {
      clearEchoTimer(message.clientId);
      update(message.clientId, { via: 'http', status: 'sending' });
      setHttpInFlight((n) => n + 1);
      try {
        const outcome = await sendOrQueue<Message>(chatWrite(message));
        if (outcome.status === 'queued') {
          // The outbox shows it from now on ("Waiting to send") and sends it when it can.
          confirm(message.clientId);
          return true;
        }
        const saved = outcome.data;
        afterServerMessage(saved);
        confirm(message.clientId);
        if (!silent) toast({ title: 'Message sent', description: 'Your message has been sent to the team.' });
        return true;
      } catch (error) {
        if (mounted.current) update(message.clientId, { status: 'failed' });
        showSendFailure(error);
        return false;
      } finally {
        if (mounted.current) setHttpInFlight((n) => n - 1);
      }
    },
    [afterServerMessage, clearEchoTimer, confirm, update],
  );

  const sendOverSocket = useCallback(
    (message: PendingMessage): boolean => {
      if (status !== 'connected') return false;
      const sent = socketSend({
        type: 'send_message',
        teamId: message.teamId,
        content: message.text,
        mediaUrl: message.mediaUrl ?? undefined,
        clientId: message.clientId,
      });
      if (!sent) return false;
      update(message.clientId, { via: 'socket', status: 'sending' });
      clearEchoTimer(message.clientId);
      echoTimers.current.set(
        message.clientId,
        setTimeout(() => {
          echoTimers.current.delete(message.clientId);
          const current = pendingRef.current.find((p) => p.clientId === message.clientId);
          if (current?.status === 'sending' && current.via === 'socket') void sendOverHttp(current, { silent: true });
        }, SOCKET_ECHO_TIMEOUT_MS),
      );
      return true;
    },
    [clearEchoTimer, sendOverHttp, socketSend, status, update],
  );

  /** Sends a message to a team; resolves true once it is on its way (socket) or saved (HTTP). */
  const send = useCallback(
    async (teamId: string, { text, mediaUrl = null, silent = false }: SendOptions): Promise<boolean> => {
      const message: PendingMessage = {
        clientId: newClientId(),
        teamId,
        text,
        mediaUrl,
        createdAt: new Date().toISOString(),
        via: status === 'connected' ? 'socket' : 'http',
        status: 'sending',
        silent,
      };
      pendingRef.current = [...pendingRef.current, message];
      setPending((list) => [...list, message]);
      // Behind writes that wait, in order: the outbox sends them all.
      if (!hasWaitingWrites(userId) && sendOverSocket(message)) return true;
      return sendOverHttp(message, { silent });
    },
    [sendOverHttp, sendOverSocket, status, userId],
  );

  /** Sends a failed message again (same client id, so it can never arrive twice). */
  const retry = useCallback(
    (clientId: string) => {
      const message = pendingRef.current.find((p) => p.clientId === clientId);
      if (!message || message.status !== 'failed') return;
      if (!sendOverSocket(message)) void sendOverHttp(message, { silent: message.silent });
    },
    [sendOverHttp, sendOverSocket],
  );

  /** Drops a failed message from the list. */
  const discard = useCallback((clientId: string) => confirm(clientId), [confirm]);

  // The echo: the server stored the message and fanned it out.
  useSocketSubscription((frame) => {
    if (isFrame(frame, 'new_message')) {
      const message = toMessage(frame.message);
      insertMessage(queryClient, message);
      if (message.clientId) confirm(message.clientId);
    } else if (isFrame(frame, 'error') && frame.clientId) {
      const message = pendingRef.current.find((p) => p.clientId === frame.clientId);
      if (!message) return;
      clearEchoTimer(message.clientId);
      update(message.clientId, { status: 'failed' });
      toast({
        title: 'Failed to send message',
        description: frame.message || 'Please try again.',
        variant: 'destructive',
      });
    }
  });

  // The connection dropped before the echo came: make sure those messages arrive (over HTTP).
  useEffect(() => {
    if (status === 'connected') return;
    for (const message of pendingRef.current) {
      if (message.via === 'socket' && message.status === 'sending') void sendOverHttp(message, { silent: true });
    }
  }, [status, sendOverHttp]);

  return { pending, send, retry, discard, isSending: httpInFlight > 0 };
}

import { LIVESTREAM_CHAT_MAX, type LivestreamChatMessage } from '@sideline/domain';
import { MessageCircle, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSocketStatus } from '../../../lib/socket/socket-context.ts';
import { useLivestreamChat, useSendLivestreamChat } from '../api.ts';
import { newChatClientId } from '../lib/client-id.ts';

function timeOf(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/**
 * The Live Chat card (spec §2, §5, §8): everyone's messages, live over the socket (the old app
 * showed placeholder text only). Shown while the stream is live and its chat is on; the message
 * area has a fixed height and follows the newest message unless the reader scrolled up.
 */
export function LivestreamChat({
  livestreamId,
  currentUserId,
  poll = false,
}: {
  livestreamId: string;
  currentUserId: string;
  /** Refetch now and then (a public stream of a team the viewer is not in gets no socket frames). */
  poll?: boolean;
}) {
  const chat = useLivestreamChat(livestreamId, { poll });
  const send = useSendLivestreamChat(livestreamId);
  const socketStatus = useSocketStatus();
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const followNewest = useRef(true);
  const messages = chat.data ?? [];

  useEffect(() => {
    const element = log.current;
    if (element && followNewest.current) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    const message = draft.trim();
    if (!message || send.isPending) return;
    send.mutate(
      { message, clientId: newChatClientId() },
      {
        onSuccess: () => {
          setDraft('');
          followNewest.current = true;
          toast({ title: 'Message sent', description: 'Your message has been sent to the livestream chat.' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error sending message',
            description: getErrorMessage(error, 'Failed to send message.'),
          }),
      },
    );
  };

  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageCircle className="size-4 text-brand-600" aria-hidden="true" />
        Live Chat
      </h2>
      {socketStatus !== 'connected' && socketStatus !== 'connecting' ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-800" role="status">
          Reconnecting to live chat...
        </p>
      ) : null}
      <div
        ref={log}
        role="log"
        aria-label="Live chat messages"
        aria-live="polite"
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          followNewest.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="mt-3 h-72 space-y-2 overflow-y-auto rounded-xl bg-slate-50 p-3"
      >
        {chat.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading the chat" />
          </div>
        ) : chat.isError ? (
          <p className="py-8 text-center text-sm text-slate-600">
            Couldn't load the chat.{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => void chat.refetch()}
            >
              Try again
            </button>
          </p>
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">No messages yet. Say hello!</p>
        ) : (
          messages.map((m: LivestreamChatMessage) => (
            <div key={m.id} className="text-sm">
              <span
                className={m.userId === currentUserId ? 'font-semibold text-brand-700' : 'font-semibold text-slate-900'}
              >
                {m.userName}
              </span>{' '}
              <span className="text-xs text-slate-500">{timeOf(m.sentAt)}</span>
              <p className="wrap-anywhere whitespace-pre-wrap text-slate-800">{m.message}</p>
            </div>
          ))
        )}
      </div>
      <form
        className="mt-3 flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input
          aria-label="Chat message"
          placeholder="Type a message..."
          value={draft}
          maxLength={LIVESTREAM_CHAT_MAX}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" disabled={send.isPending}>
          <Send className="size-4" aria-hidden="true" />
          Send
        </Button>
      </form>
    </Card>
  );
}

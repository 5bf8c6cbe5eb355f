import { AlertCircle, Ban, Clock3, Pin, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { isDeleted, isEdited, type ChatMessage } from '../api.ts';
import { formatMessageDateTime, formatMessageTime, senderName } from '../lib/messages.ts';
import { MessageActions, type MessageActionsProps } from './message-actions.tsx';

export interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** Hide the avatar and name: a follow-up of the same sender's previous message. */
  continued?: boolean;
  /** Show the time under the bubble (hidden inside a burst of messages sent in the same minute). */
  showTime?: boolean;
  /**
   * Set for an optimistic message the server has not confirmed: on its way, waiting in the outbox
   * for the connection, or refused (with the server's reason when it gave one).
   */
  pending?: {
    status: 'sending' | 'waiting' | 'failed';
    reason?: string | undefined;
    onRetry: () => void;
    onDiscard: () => void;
  };
  /** The message's actions menu (pin, edit, delete: what the viewer may do). */
  actions?: Omit<MessageActionsProps, 'pinned' | 'side'>;
}

/** A shared photo; hidden when it fails to load (spec §8). */
function MessageImage({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="mb-1 block overflow-hidden rounded-xl">
      <img
        src={url}
        alt="Shared photo"
        loading="lazy"
        className="max-h-72 w-auto max-w-full bg-slate-100 object-cover"
        onError={() => setFailed(true)}
      />
    </a>
  );
}

/** One chat message: own ones on the right, others on the left with avatar, name and time. */
export function MessageItem({ message, own, continued = false, showTime = true, pending, actions }: MessageItemProps) {
  const name = senderName(message);
  const time = formatMessageTime(message.timestamp);
  const fullTime = formatMessageDateTime(message.timestamp);
  const failed = pending?.status === 'failed';
  const pinned = message.pinned && !pending;
  const deleted = isDeleted(message);
  const edited = isEdited(message);

  return (
    <li
      className={cn('group flex items-end gap-2', own ? 'justify-end' : 'justify-start', continued ? 'mt-0.5' : 'mt-3')}
      data-own={own || undefined}
      data-pending={pending?.status}
    >
      {!own &&
        (continued ? (
          <span className="w-8 shrink-0" aria-hidden="true" />
        ) : (
          <Avatar name={name === 'Unknown User' ? '?' : name} src={message.user?.avatarUrl} size="sm" />
        ))}
      <div className={cn('flex max-w-[80%] min-w-0 flex-col sm:max-w-[70%]', own ? 'items-end' : 'items-start')}>
        {!own && !continued && <p className="mb-0.5 px-1 text-xs font-semibold text-slate-600">{name}</p>}
        {own || continued ? <span className="sr-only">{own ? 'You' : name}</span> : null}
        <div className={cn('flex max-w-full min-w-0 items-center gap-1', own && 'flex-row-reverse')}>
          <div
            className={cn(
              'min-w-0 rounded-2xl px-3.5 py-2 text-[15px] leading-snug wrap-anywhere whitespace-pre-wrap sm:text-sm',
              !own && 'rounded-bl-md',
              own && (failed || !deleted) && 'rounded-br-md',
              (pending?.status === 'sending' || pending?.status === 'waiting') && 'opacity-75',
              deleted
                ? 'border border-dashed border-slate-300 bg-slate-50 text-slate-500 italic'
                : !own
                  ? 'border border-slate-200/80 bg-white text-slate-900 shadow-xs'
                  : failed
                    ? 'border border-red-200 bg-red-50 text-red-900 shadow-xs'
                    : 'bg-gradient-to-br from-brand-600 to-violet-600 text-white shadow-xs',
            )}
          >
            {deleted ? (
              <p className="inline-flex items-center gap-1.5" data-testid="message-deleted">
                <Ban className="size-3.5 shrink-0" aria-hidden="true" />
                Message deleted
              </p>
            ) : (
              <>
                {message.mediaUrl ? <MessageImage url={message.mediaUrl} /> : null}
                {message.text ? <p>{message.text}</p> : null}
              </>
            )}
          </div>
          {actions && !pending && !deleted ? (
            <MessageActions {...actions} pinned={message.pinned} side={own ? 'left' : 'right'} />
          ) : null}
        </div>
        {showTime || pinned || edited || pending?.status === 'sending' || pending?.status === 'waiting' ? (
          <p className="mt-0.5 flex items-center gap-1 px-1 text-[11px] text-slate-600">
            {pinned ? (
              <span className="inline-flex items-center gap-0.5 font-medium text-brand-700">
                <Pin className="size-3" aria-hidden="true" /> Pinned ·
              </span>
            ) : null}
            <time dateTime={message.timestamp || undefined} title={fullTime ?? undefined}>
              {time}
            </time>
            {edited ? <span className="italic">· edited</span> : null}
            {pending?.status === 'sending' ? (
              <span className="inline-flex items-center gap-0.5">
                · <Clock3 className="size-3" aria-hidden="true" /> Sending…
              </span>
            ) : null}
            {pending?.status === 'waiting' ? (
              <span className="inline-flex items-center gap-0.5">
                · <Clock3 className="size-3" aria-hidden="true" /> Waiting to send
              </span>
            ) : null}
          </p>
        ) : (
          <time dateTime={message.timestamp || undefined} className="sr-only">
            {time}
          </time>
        )}
        {failed ? (
          <div className="mt-0.5 flex items-center gap-2 px-1 text-xs text-red-600">
            <AlertCircle className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{pending.reason ? `Not sent: ${pending.reason}` : 'Not sent'}</span>
            <button
              type="button"
              onClick={pending.onRetry}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold hover:bg-red-50"
            >
              <RotateCcw className="size-3" aria-hidden="true" />
              Retry
            </button>
            <button
              type="button"
              onClick={pending.onDiscard}
              aria-label="Discard message"
              className="rounded-md p-0.5 hover:bg-red-50"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

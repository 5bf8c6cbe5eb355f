import { Loader2, MessageCircle } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatDayLabel, formatMessageTime, gapMs, sameDay } from '../lib/messages.ts';
import type { ChatMessage } from '../api.ts';
import { MessageItem, type MessageItemProps } from './message-item.tsx';

export interface ChatListItem {
  key: string;
  message: ChatMessage;
  own: boolean;
  pending?: MessageItemProps['pending'];
}

interface MessageListProps {
  items: ChatListItem[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** The actions the viewer may take on a confirmed message (pin, edit, delete), if any. */
  actionsFor?: (item: ChatListItem) => MessageItemProps['actions'];
}

/** A follow-up within 5 minutes from the same sender hides the avatar and name. */
const GROUP_WINDOW_MS = 5 * 60 * 1000;
/** Within this distance of the bottom, the list follows new messages. */
const STICK_TO_BOTTOM_PX = 120;

interface LaidOut {
  item: ChatListItem;
  /** A day separator before this message ('Today', 'Yesterday', a date). */
  dayLabel: string | null;
  /** Same sender as the previous message, within 5 minutes on the same day. */
  continued: boolean;
  /** False when the next message continues this one within the same minute (one time per burst). */
  showTime: boolean;
}

function layout(items: ChatListItem[]): LaidOut[] {
  const out = items.map((item, index): LaidOut => {
    const previous = index > 0 ? items[index - 1] : undefined;
    const newDay = !previous || !sameDay(previous.message.timestamp, item.message.timestamp);
    const continued =
      !newDay &&
      previous !== undefined &&
      previous.message.userId === item.message.userId &&
      previous.own === item.own &&
      gapMs(previous.message.timestamp, item.message.timestamp) < GROUP_WINDOW_MS;
    return { item, dayLabel: newDay ? formatDayLabel(item.message.timestamp) : null, continued, showTime: true };
  });
  for (let i = 0; i < out.length - 1; i++) {
    const next = out[i + 1]!;
    const sameMinute =
      formatMessageTime(out[i]!.item.message.timestamp) === formatMessageTime(next.item.message.timestamp);
    if (next.continued && sameMinute && !out[i]!.item.pending) out[i]!.showTime = false;
  }
  return out;
}

/**
 * The conversation (role log): 'Load earlier messages' on top, day separators, and the messages
 * oldest → newest. It scrolls to the newest message on open and when one arrives (if the reader
 * is at the bottom, or it is their own), and keeps its place when earlier messages load.
 */
export function MessageList({ items, hasEarlier, loadingEarlier, onLoadEarlier, actionsFor }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const lastScrollTop = useRef(0);
  const heightBeforeEarlier = useRef<number | null>(null);
  const lastKey = useRef<string | null>(null);

  const newest = items.at(-1);
  const newestKey = newest?.key ?? null;
  const newestOwn = newest?.own ?? false;
  const oldestKey = items[0]?.key ?? null;

  // Earlier messages were put on top: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || heightBeforeEarlier.current === null) return;
    el.scrollTop += el.scrollHeight - heightBeforeEarlier.current;
    heightBeforeEarlier.current = null;
  }, [oldestKey]);

  // A new newest message: follow it when at the bottom (or when it is the reader's own).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || newestKey === lastKey.current) return;
    const first = lastKey.current === null;
    lastKey.current = newestKey;
    if (first || atBottom.current || newestOwn) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [newestKey, newestOwn]);

  // Photos load after the list has scrolled to the newest message and push it down, and the log
  // itself shrinks when a banner or the typing line appears: while the reader has not scrolled up,
  // every such change keeps the bottom in view.
  const hasItems = items.length > 0;
  useEffect(() => {
    const el = scroller.current;
    const list = content.current;
    if (!el || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && heightBeforeEarlier.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(list);
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasItems]);

  // Only the reader leaves the bottom, by scrolling up. A scroll event can also arrive after a
  // photo above has grown the content but before the list followed it; that one moved nothing up
  // and must not unpin the list.
  const onScroll = (el: HTMLDivElement) => {
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (nearBottom) atBottom.current = true;
    else if (el.scrollTop < lastScrollTop.current) atBottom.current = false;
    lastScrollTop.current = el.scrollTop;
  };

  const loadEarlier = () => {
    if (scroller.current) heightBeforeEarlier.current = scroller.current.scrollHeight;
    onLoadEarlier();
  };

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      aria-relevant="additions"
      tabIndex={0}
      onScroll={(event) => onScroll(event.currentTarget)}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-1 py-3 focus-visible:outline-offset-[-2px]"
    >
      {hasEarlier ? (
        <div className="flex justify-center pb-2">
          <Button variant="outline" size="sm" onClick={loadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            Load earlier messages
          </Button>
        </div>
      ) : null}

      {items.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <MessageCircle className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-3 font-semibold text-slate-900">No messages yet</p>
          <p className="mt-0.5 text-sm text-slate-500">Start chatting with your team!</p>
        </div>
      ) : (
        <ol ref={content} className="flex flex-col">
          {layout(items).map(({ item, dayLabel, continued, showTime }) => (
            <Fragment key={item.key}>
              {dayLabel ? (
                <li className="my-3 flex items-center gap-3 text-xs font-medium text-slate-600">
                  <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
                  {dayLabel}
                  <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
                </li>
              ) : null}
              <MessageItem
                message={item.message}
                own={item.own}
                continued={continued}
                showTime={showTime}
                pending={item.pending}
                actions={actionsFor && !item.pending ? actionsFor(item) : undefined}
              />
            </Fragment>
          ))}
        </ol>
      )}
    </div>
  );
}

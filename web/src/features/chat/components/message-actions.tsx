import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { menuActivation } from '../../../components/ui/lazy-menu.ts';
import { cn } from '../../../lib/cn.ts';

const MessageActionsMenu = lazy(() => import('./message-actions-menu.tsx'));

export interface MessageActionsProps {
  /** Whether the message is pinned now (the item offers the opposite). */
  pinned: boolean;
  /** An action on this message is in flight. */
  busy?: boolean;
  /** Pin / Unpin: coaches and team admins. */
  onSetPinned?: (pinned: boolean) => void;
  /** Edit message: its sender. */
  onEdit?: () => void;
  /** Delete message: its sender, or the team's coaches and admins (after a confirmation). */
  onDelete?: () => void;
  /** Which side of the bubble the button sits on; the menu opens towards the bubble. */
  side: 'left' | 'right';
}

/**
 * The "Message actions" menu of one message: Pin / Unpin for those who manage the chat, Edit for
 * its sender, Delete for its sender and the chat's managers. The button shows on hover and
 * keyboard focus of its message, and always on touch screens (no hover there).
 * Its menu loads when it first opens.
 */
export function MessageActions(props: MessageActionsProps) {
  const [wanted, setWanted] = useState(false);
  if (!props.onSetPinned && !props.onEdit && !props.onDelete) return null;
  const trigger = (extra = {}) => (
    <button
      type="button"
      aria-label="Message actions"
      className={cn(
        '-my-2 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-500 transition-opacity',
        'hover:bg-slate-200/70 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500',
        'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100',
        'pointer-coarse:opacity-100 data-[state=open]:bg-slate-200/70 data-[state=open]:opacity-100',
      )}
      {...extra}
    >
      <Ellipsis className="size-4" aria-hidden="true" />
    </button>
  );
  if (!wanted) return trigger(menuActivation(() => setWanted(true)));
  return (
    <Suspense fallback={trigger()}>
      <MessageActionsMenu {...props} trigger={trigger()} />
    </Suspense>
  );
}

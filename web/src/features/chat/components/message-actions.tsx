import { Ellipsis, Pin, PinOff } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';

export interface MessageActionsProps {
  /** Whether the message is pinned now (the item offers the opposite). */
  pinned: boolean;
  /** A pin or unpin of this message is in flight. */
  busy?: boolean;
  onSetPinned: (pinned: boolean) => void;
  /** Which side of the bubble the button sits on; the menu opens towards the bubble. */
  side: 'left' | 'right';
}

/**
 * The "Message actions" menu of one message, for those who may manage the chat (coaches and
 * team admins): Pin message / Unpin message. The button shows on hover and keyboard focus of
 * its message, and always on touch screens (no hover there).
 */
export function MessageActions({ pinned, busy = false, onSetPinned, side }: MessageActionsProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="Message actions"
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-full text-slate-400 transition-opacity',
            'hover:bg-slate-200/70 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500',
            'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100',
            'pointer-coarse:opacity-100 data-[state=open]:bg-slate-200/70 data-[state=open]:opacity-100',
          )}
        >
          <Ellipsis className="size-4" aria-hidden="true" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={side === 'left' ? 'end' : 'start'} sideOffset={4} className="min-w-44">
        <DropdownMenuItem disabled={busy} onSelect={() => onSetPinned(!pinned)}>
          {pinned ? (
            <PinOff className="size-4 text-slate-500" aria-hidden="true" />
          ) : (
            <Pin className="size-4 text-slate-500" aria-hidden="true" />
          )}
          {pinned ? 'Unpin message' : 'Pin message'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { Pencil, Pin, PinOff, Trash } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { ReactElement } from 'react';
import type { MessageActionsProps } from './message-actions.tsx';

/** The "Message actions" menu (message-actions.tsx), loaded on its first opening and mounted open. */
export default function MessageActionsMenu({
  trigger,
  pinned,
  busy = false,
  onSetPinned,
  onEdit,
  onDelete,
  side,
}: MessageActionsProps & { trigger: ReactElement }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={side === 'left' ? 'end' : 'start'} sideOffset={4} className="min-w-44">
        {onSetPinned ? (
          <DropdownMenuItem disabled={busy} onSelect={() => onSetPinned(!pinned)}>
            {pinned ? (
              <PinOff className="size-4 text-slate-500" aria-hidden="true" />
            ) : (
              <Pin className="size-4 text-slate-500" aria-hidden="true" />
            )}
            {pinned ? 'Unpin message' : 'Pin message'}
          </DropdownMenuItem>
        ) : null}
        {onEdit ? (
          <DropdownMenuItem disabled={busy} onSelect={onEdit}>
            <Pencil className="size-4 text-slate-500" aria-hidden="true" />
            Edit message
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <DropdownMenuItem disabled={busy} onSelect={onDelete} destructive>
            <Trash className="size-4" aria-hidden="true" />
            Delete message
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { Smile } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { CHAT_EMOJIS } from '../constants.ts';

interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  /** Where focus goes when the menu closes (the message field). */
  onClose?: () => void;
  disabled?: boolean;
}

/** Spec §2 / §9: a picker of 20 emojis (a Radix dropdown menu laid out as a 5 × 4 grid). */
export function EmojiPicker({ onPick, onClose, disabled }: EmojiPickerProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Add emoji" disabled={disabled} className="text-slate-500">
          <Smile className="size-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        aria-label="Emojis"
        className="grid min-w-0 grid-cols-5 gap-0.5 p-1.5"
        onCloseAutoFocus={(event) => {
          if (!onClose) return;
          event.preventDefault();
          onClose();
        }}
      >
        {CHAT_EMOJIS.map(({ emoji, name }) => (
          <DropdownMenuItem
            key={emoji}
            aria-label={name}
            title={name}
            onSelect={() => onPick(emoji)}
            className="size-10 justify-center p-0 text-xl"
          >
            <span aria-hidden="true">{emoji}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

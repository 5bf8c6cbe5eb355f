import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { CHAT_EMOJIS } from '../constants.ts';

interface EmojiMenuProps {
  trigger: ReactElement;
  onPick: (emoji: string) => void;
  onClose?: () => void;
}

/** The emoji picker's menu (emoji-picker.tsx), loaded on its first opening and mounted open. */
export default function EmojiMenu({ trigger, onPick, onClose }: EmojiMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        aria-label="Emojis"
        className="grid grid-cols-5 gap-0.5"
        onCloseAutoFocus={(event) => {
          if (!onClose) return;
          event.preventDefault();
          onClose();
        }}
      >
        {CHAT_EMOJIS.map(({ emoji, name }) => (
          <DropdownMenuItem key={emoji} aria-label={name} title={name} onSelect={() => onPick(emoji)} shape="tile">
            <span aria-hidden="true">{emoji}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

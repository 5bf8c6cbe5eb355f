import { Smile } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { menuActivation } from '../../../components/ui/lazy-menu.ts';

const EmojiMenu = lazy(() => import('./emoji-menu.tsx'));

interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  /** Where focus goes when the menu closes (the message field). */
  onClose?: () => void;
  disabled?: boolean;
}

/**
 * Spec §2 / §9: a picker of 20 emojis (a Radix dropdown menu laid out as a 5 × 4 grid), whose
 * menu loads when it first opens.
 */
export function EmojiPicker({ onPick, onClose, disabled }: EmojiPickerProps) {
  const [wanted, setWanted] = useState(false);
  const trigger = (props = {}) => (
    <Button variant="subtle" size="icon" aria-label="Add emoji" disabled={disabled} {...props}>
      <Smile className="size-5" aria-hidden="true" />
    </Button>
  );
  if (!wanted) return trigger(menuActivation(() => setWanted(true)));
  return (
    <Suspense fallback={trigger()}>
      <EmojiMenu trigger={trigger()} onPick={onPick} onClose={onClose} />
    </Suspense>
  );
}

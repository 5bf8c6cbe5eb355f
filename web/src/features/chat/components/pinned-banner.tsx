import { Pin, PinOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { usePinnedMessages } from '../api.ts';

interface PinnedBannerProps {
  teamId: string;
  /** Set for those who may manage the chat: an 'Unpin' button for the message shown. */
  onUnpin?: (messageId: string) => void;
  /** The message whose pin or unpin is in flight. */
  pinningId?: string | null;
}

/** Spec §2: the text of the first pinned message, above the conversation. */
export function PinnedBanner({ teamId, onUnpin, pinningId = null }: PinnedBannerProps) {
  const { data } = usePinnedMessages(teamId);
  const first = data?.[0];
  if (!first) return null;
  const text = first.text || (first.mediaUrl ? '📷 Photo' : '');
  return (
    <aside
      aria-label="Pinned message"
      className="mb-2 flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50/70 px-3 py-2 text-sm text-slate-800"
    >
      <Pin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <p className="line-clamp-2 min-w-0 flex-1 wrap-anywhere">{text}</p>
      {onUnpin ? (
        <Button
          variant="bare"
          size="bare"
          className="-my-1 -mr-1.5 h-7 min-w-11 justify-center gap-1.5 rounded-xl px-2 text-xs whitespace-nowrap text-brand-700 hover:bg-brand-100"
          disabled={pinningId === first.id}
          onClick={() => onUnpin(first.id)}
        >
          <PinOff className="size-3.5" aria-hidden="true" />
          Unpin
        </Button>
      ) : null}
    </aside>
  );
}

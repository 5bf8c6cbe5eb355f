import { Pin } from 'lucide-react';
import { usePinnedMessages } from '../api.ts';

/** Spec §2: the text of the first pinned message, above the conversation. */
export function PinnedBanner({ teamId }: { teamId: string }) {
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
      <p className="line-clamp-2 min-w-0 break-words">{text}</p>
    </aside>
  );
}

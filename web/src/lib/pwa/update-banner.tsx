import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useWaitingUpdate } from './update-store.ts';

/**
 * A new deploy's files are installed and wait: the page offers to switch. The open page keeps
 * its own version's files until then (they stay precached), so nothing breaks in between.
 */
export function UpdateBanner() {
  const activate = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  if (!activate) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[70] mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-6"
    >
      <span className="min-w-0 flex-1">A new version of Sideline is ready.</span>
      <button
        type="button"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          activate();
        }}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-70"
      >
        <RefreshCw className="size-4" aria-hidden="true" />
        Reload for the new version
      </button>
    </div>
  );
}

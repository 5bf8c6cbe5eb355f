import { lazy, Suspense, useState } from 'react';

const PlayersInUpload = lazy(() =>
  import('./players-in-upload.tsx').then((module) => ({ default: module.PlayersInUpload })),
);

/**
 * A "Who is in it?" button that opens the roster picker for the next upload. The picker and the
 * roster load on the first press: most uploads name nobody, and the screen's first paint stays light.
 */
export function TagPlayers(props: {
  teamId: string;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="min-h-11 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        Who is in it?
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <PlayersInUpload {...props} />
    </Suspense>
  );
}

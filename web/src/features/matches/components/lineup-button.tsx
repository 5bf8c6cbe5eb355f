import type { Match } from '@sideline/domain';
import { UserCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';

// The lineup dialog (its forms and Radix's dialog) loads with the first tap on Lineup.
const LineupDialog = lazy(() => import('./lineup-dialog.tsx').then((m) => ({ default: m.LineupDialog })));

/** Lineup, for those who manage the match: opens the lineup dialog, loaded on first use. */
export function LineupButton({
  match,
  size = 'lg',
  className,
}: {
  match: Match;
  size?: ButtonSize;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <UserCheck className="size-5" aria-hidden="true" />
        Lineup
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <LineupDialog match={match} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

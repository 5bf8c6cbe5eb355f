import { Clock3 } from 'lucide-react';
import { useOutboxEntries } from '../../../../lib/offline/outbox-store.ts';
import { STAT_KIND } from '../../api.ts';

/**
 * The match's stats kept on this phone while the connection is down, oldest first: they are sent
 * in this order when it returns (a refused one is shown by the app's outbox status, with why).
 */
export function QueuedStats({ matchId }: { matchId: string }) {
  const waiting = useOutboxEntries({ kind: STAT_KIND, scope: matchId }).filter((e) => e.state !== 'failed');
  if (waiting.length === 0) return null;
  return (
    <section
      aria-label="Stats waiting to send"
      className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <Clock3 className="size-4 shrink-0" aria-hidden="true" />
        Waiting to send: {waiting.length === 1 ? '1 stat' : `${waiting.length} stats`}
      </h2>
      <ul className="mt-1 list-inside list-disc">
        {waiting.map((entry) => (
          <li key={entry.id}>{entry.label}</li>
        ))}
      </ul>
    </section>
  );
}

import { format, isValid, parseISO } from 'date-fns';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useEventHistory } from '../schedule-api.ts';
import { useRefetchOnChange } from '../lib/refetch-on-change.ts';
import { formatShortDateTime } from '../lib/event-dates.ts';
import type { EventHistoryEntry, TeamEvent } from '../types.ts';

const scopeText: Record<EventHistoryEntry['scope'], string> = {
  occurrence: 'this event',
  following: 'this and following events',
  series: 'all events',
};

const statusText = { scheduled: 'Scheduled', moved: 'Moved', cancelled: 'Cancelled' } as const;

/** One line per field that changed: "Time: Sat 28 Nov, 10:00 AM → Sat 28 Nov, 11:00 AM". */
export function changeLines(changes: EventHistoryEntry['changes']): { field: string; from: string; to: string }[] {
  const lines: { field: string; from: string; to: string }[] = [];
  const empty = (v: string) => v || '(none)';
  if (changes.status) {
    lines.push({ field: 'Status', from: statusText[changes.status.from], to: statusText[changes.status.to] });
  }
  if (changes.startsAt) {
    lines.push({
      field: 'Time',
      from: formatShortDateTime(changes.startsAt.from),
      to: formatShortDateTime(changes.startsAt.to),
    });
  }
  if (changes.location) {
    lines.push({ field: 'Place', from: empty(changes.location.from), to: empty(changes.location.to) });
  }
  if (changes.title) lines.push({ field: 'Title', from: changes.title.from, to: changes.title.to });
  if (changes.description) {
    lines.push({ field: 'Description', from: empty(changes.description.from), to: empty(changes.description.to) });
  }
  if (changes.recurrence) lines.push({ field: 'Repeat', from: 'as before', to: 'changed' });
  return lines;
}

function when(at: string): string {
  const parsed = parseISO(at);
  return isValid(parsed) ? format(parsed, 'EEE d MMM, h:mm a') : at;
}

/** The event's changes, newest first: who, when, which events, each field from → to, and why. */
export function EventHistory({ event }: { event: TeamEvent }) {
  const history = useEventHistory(event);
  useRefetchOnChange(history.refetch, `${event.status}|${event.changedAt ?? ''}`);
  return (
    <section aria-labelledby="event-history-title" className="space-y-2">
      <h3 id="event-history-title" className="text-sm font-semibold text-slate-900">
        History
      </h3>
      {history.isPending ? (
        <Spinner label="Loading history" />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The history could not be loaded.
        </p>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-slate-500">No changes since it was scheduled.</p>
      ) : (
        <ol className="space-y-2" aria-label="Changes, newest first">
          {history.data.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="rounded-xl border border-slate-200 p-3 text-sm">
              <p className="text-slate-900">
                <span className="font-semibold">{entry.by.name}</span> changed {scopeText[entry.scope]}
                {entry.occurrenceDate && entry.scope !== 'series'
                  ? ` (${formatShortDateTime(entry.occurrenceDate)})`
                  : ''}
              </p>
              <p className="text-xs text-slate-500">
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </p>
              <ul className="mt-1.5 space-y-0.5">
                {changeLines(entry.changes).map((line) => (
                  <li key={line.field} className="text-slate-700">
                    <span className="font-medium">{line.field}:</span> <del className="text-slate-500">{line.from}</del>{' '}
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span> {line.to}
                  </li>
                ))}
              </ul>
              {entry.reason ? <p className="mt-1.5 text-slate-700 italic">“{entry.reason}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

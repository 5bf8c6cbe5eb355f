import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRefetchOnChange } from '../lib/refetch-on-change.ts';
import { useAttendance } from '../schedule-api.ts';
import type { Attendee, TeamEvent } from '../types.ts';

const lists = [
  { key: 'going', title: 'Going', tone: 'text-emerald-800' },
  { key: 'maybe', title: 'Maybe', tone: 'text-amber-800' },
  { key: 'notGoing', title: 'Not going', tone: 'text-red-800' },
  { key: 'noReply', title: 'No reply', tone: 'text-slate-700' },
] as const;

/** "N haven't answered" (managers see it at the top of the detail). */
export function noReplyText(count: number): string {
  return count === 1 ? "1 hasn't answered" : `${count} haven't answered`;
}

/** Who answered for a person, when it was someone else (a guardian, a coach). */
function answeredByText(person: Attendee): string | null {
  if (!person.answeredBy) return null;
  if (person.userId && person.answeredBy.id === person.userId) return null;
  return `answered by ${person.answeredBy.name}`;
}

/**
 * The four attendance lists of one occurrence (GET /api/events/{eventId}/attendance): Going,
 * Maybe, Not going and No reply, with names and who gave each answer. Managers see how many have
 * not answered at the top (`showNoReplyCount`).
 */
export function AttendanceLists({ event, showNoReplyCount }: { event: TeamEvent; showNoReplyCount: boolean }) {
  const attendance = useAttendance(event);
  // The lists follow the occurrence as the events list refreshes it (answers, changes, realtime).
  useRefetchOnChange(
    attendance.refetch,
    `${JSON.stringify(event.counts)}|${event.rsvps.length}|${event.changedAt ?? ''}`,
  );
  if (attendance.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading attendance" />
      </div>
    );
  }
  if (attendance.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        Who is coming could not be loaded.
      </p>
    );
  }
  const data = attendance.data;
  return (
    <section aria-label="Attendance" className="space-y-3">
      {showNoReplyCount && data.noReply.length > 0 ? (
        <p
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="no-reply-count"
        >
          {noReplyText(data.noReply.length)}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        {lists.map(({ key, title, tone }) => {
          const people = data[key];
          return (
            <section key={key} aria-label={`${title} (${people.length})`} className="rounded-xl bg-slate-50 p-3">
              <h3 className={`text-sm font-semibold ${tone}`}>
                {title} <span className="font-normal text-slate-500">({people.length})</span>
              </h3>
              {people.length === 0 ? (
                <p className="mt-1 text-xs text-slate-500">No one</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {people.map((person) => {
                    const by = answeredByText(person);
                    return (
                      <li key={person.playerId ?? person.userId ?? person.name} className="text-sm text-slate-800">
                        {person.name}
                        {by ? <span className="block text-xs text-slate-500">{by}</span> : null}
                        {person.answeredBeforeChange ? (
                          <span className="block text-xs text-amber-800">answered before the change</span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}

import type { HouseholdAnswer } from '@sideline/domain';
import { Ban, CalendarDays, Clock, MapPin, Pencil, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useDeleteEvent } from '../api.ts';
import { lateBadgeText, lateNotGoingCount, lateNotGoingNames } from '../lib/late-changes.ts';
import { formatEventDate } from '../lib/event-dates.ts';
import { browserTimeZone, weekdaysLabel } from '../lib/weekdays.ts';
import type { TeamEvent } from '../types.ts';
import { AttendanceLists, noReplyText } from './attendance-lists.tsx';
import { CancelOccurrenceForm, RestoreOccurrenceButton } from './cancel-occurrence-form.tsx';
import { EditEventForm } from './edit-event-form.tsx';
import { EventHistory } from './event-history.tsx';
import { EventNotices } from './event-notices.tsx';
import { answersClosed } from '../lib/answers-closed.ts';
import { useReportEventView } from '../notices-api.ts';
import { HouseholdAnswerRows } from './household-answer-rows.tsx';
import { OccurrencePlace, OccurrenceStatusNote, OccurrenceTime } from './occurrence-changes.tsx';
import { RemindButton } from './remind-button.tsx';
import { RsvpButtons } from './rsvp-buttons.tsx';
import { countsText } from './event-card.tsx';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this event? This action cannot be undone.';

interface EventDetailDialogProps {
  event: TeamEvent | null;
  teamName?: string | undefined;
  userId: string | undefined;
  canManage: boolean;
  /** Whom the user answers for (a row per child, or themself); absent: the user's own answer. */
  household?: readonly HouseholdAnswer[] | undefined;
  onOpenChange: (open: boolean) => void;
}

type Mode = 'view' | 'edit' | 'cancel' | 'delete';

function repeatSummary(event: TeamEvent): string | null {
  if (!event.isRecurring || !event.recurringType) return null;
  const n = event.recurringInterval ?? 1;
  const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[event.recurringType];
  const every = n === 1 ? `Repeats every ${unit}` : `Repeats every ${n} ${unit}s`;
  const days =
    event.recurringType === 'weekly' && event.recurringDays?.length ? weekdaysLabel(event.recurringDays) : '';
  // The weekdays are the event's zone's; say which zone when it is not the viewer's.
  const zone = event.timeZone && event.timeZone !== browserTimeZone() ? ` (${event.timeZone} time)` : '';
  return days ? `${every} on ${days}${zone}` : every;
}

/**
 * An occurrence's details: when and where (a moved time or place shows the old one struck
 * through), the answers per person of the household, the four attendance lists, the history of
 * changes; managers edit (this event / this and following / all), cancel or restore this one,
 * and delete the whole event (for mistakes).
 */
export function EventDetailDialog({
  event,
  teamName,
  userId,
  canManage,
  household,
  onOpenChange,
}: EventDetailDialogProps) {
  const [mode, setMode] = useState<Mode>('view');

  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open) setMode('view');
        onOpenChange(open);
      }}
    >
      {event ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{event.title}</DialogTitle>
            <DialogDescription>{teamName ?? 'Event details'}</DialogDescription>
          </DialogHeader>
          {mode === 'edit' ? (
            <EditEventForm event={event} onDone={() => setMode('view')} onCancel={() => setMode('view')} />
          ) : (
            <EventDetails
              event={event}
              userId={userId}
              canManage={canManage}
              household={household}
              mode={mode}
              setMode={setMode}
              onClose={() => {
                setMode('view');
                onOpenChange(false);
              }}
            />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EventDetails({
  event,
  userId,
  canManage,
  household,
  mode,
  setMode,
  onClose,
}: {
  event: TeamEvent;
  userId: string | undefined;
  canManage: boolean;
  household: readonly HouseholdAnswer[] | undefined;
  mode: Mode;
  setMode: (mode: Mode) => void;
  onClose: () => void;
}) {
  const cancelled = event.status === 'cancelled';
  const late = lateNotGoingCount(event);
  const closed = answersClosed(event);
  useReportEventView(event);
  return (
    <div className="space-y-4">
      {canManage && !cancelled && event.counts.noReply > 0 ? (
        <p
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="no-reply-count"
        >
          {noReplyText(event.counts.noReply)}
        </p>
      ) : null}
      <OccurrenceStatusNote event={event} />
      <ul className="space-y-2 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {formatEventDate(event.date)}
        </li>
        <li className="flex items-center gap-2" data-testid="detail-time">
          <Clock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <OccurrenceTime event={event} />
        </li>
        {event.location || event.previous?.location ? (
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <OccurrencePlace event={event} />
          </li>
        ) : null}
        {repeatSummary(event) ? (
          <li className="flex items-center gap-2">
            <Repeat className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {repeatSummary(event)}
          </li>
        ) : null}
      </ul>
      {event.description ? (
        <p className="text-sm whitespace-pre-wrap text-slate-600 wrap-anywhere">{event.description}</p>
      ) : null}
      {!cancelled ? (
        <>
          <p className="text-sm font-medium text-slate-900" data-testid="rsvp-counts">
            {countsText(event.counts)}
          </p>
          {late > 0 ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="late-rsvp-note">
              {lateBadgeText(late)} within 24 hours of the start
              {lateNotGoingNames(event).length > 0 ? `: ${lateNotGoingNames(event).join(', ')}` : ''}
            </p>
          ) : null}
          {closed ? (
            <p
              className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700"
              data-testid="answers-closed"
            >
              Answers closed
              {canManage ? <span className="font-normal"> · as a coach you can still record answers</span> : null}
            </p>
          ) : null}
          {closed && !canManage ? null : household ? (
            <HouseholdAnswerRows event={event} household={household} userId={userId} />
          ) : (
            <RsvpButtons key={`${event.id}@${event.date}`} event={event} userId={userId} />
          )}
        </>
      ) : null}
      <AttendanceLists event={event} showNoReplyCount={false} />
      <EventHistory event={event} />
      {canManage ? <EventNotices event={event} /> : null}
      {canManage ? <ManagerActions event={event} mode={mode} setMode={setMode} onClose={onClose} /> : null}
    </div>
  );
}

function ManagerActions({
  event,
  mode,
  setMode,
  onClose,
}: {
  event: TeamEvent;
  mode: Mode;
  setMode: (mode: Mode) => void;
  onClose: () => void;
}) {
  const deleteEvent = useDeleteEvent();
  const cancelled = event.status === 'cancelled';
  if (mode === 'cancel') {
    return <CancelOccurrenceForm event={event} onDone={() => setMode('view')} onBack={() => setMode('view')} />;
  }
  if (mode === 'delete') {
    return (
      <div role="alertdialog" aria-label="Delete event" className="space-y-3 rounded-xl bg-red-50 p-3">
        <p className="text-sm text-red-800">{DELETE_CONFIRMATION}</p>
        {event.isRecurring ? (
          <p className="text-xs text-red-700">Every occurrence of this repeating event is deleted.</p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => setMode('view')}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            size="sm"
            disabled={deleteEvent.isPending}
            onClick={() => deleteEvent.mutate(event, { onSuccess: onClose })}
          >
            {deleteEvent.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <RemindButton event={event} />
      {cancelled ? (
        <RestoreOccurrenceButton event={event} />
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => setMode('edit')}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline-destructive" onClick={() => setMode('cancel')}>
            <Ban className="size-4" aria-hidden="true" />
            Cancel this event
          </Button>
        </div>
      )}
      <Button variant="bare" className="w-full text-red-600 hover:bg-red-50" onClick={() => setMode('delete')}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete Event
      </Button>
    </div>
  );
}

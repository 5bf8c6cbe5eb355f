import { CalendarDays, Clock, MapPin, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useDeleteEvent } from '../api.ts';
import { lateBadgeText, lateNotGoingCount, lateNotGoingNames } from '../lib/late-changes.ts';
import { formatEventDate, formatEventTime } from '../lib/event-dates.ts';
import { browserTimeZone, weekdaysLabel } from '../lib/event-form.ts';
import type { TeamEvent } from '../types.ts';
import { AttendeeAvatars } from './attendee-avatars.tsx';
import { RsvpButtons } from './rsvp-buttons.tsx';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this event? This action cannot be undone.';

interface EventDetailDialogProps {
  event: TeamEvent | null;
  teamName?: string | undefined;
  userId: string | undefined;
  canManage: boolean;
  onOpenChange: (open: boolean) => void;
}

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

/** An occurrence's details: when, where, who's going (4 avatars), RSVP, delete for managers. */
export function EventDetailDialog({ event, teamName, userId, canManage, onOpenChange }: EventDetailDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const deleteEvent = useDeleteEvent();
  const going = event?.rsvps.filter((r) => r.status === 'yes').length ?? 0;
  const maybe = event?.rsvps.filter((r) => r.status === 'maybe').length ?? 0;

  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open) setConfirming(false);
        onOpenChange(open);
      }}
    >
      {event ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{event.title}</DialogTitle>
            <DialogDescription>{teamName ?? 'Event details'}</DialogDescription>
          </DialogHeader>
          <div className="space-y-4">
            <ul className="space-y-2 text-sm text-slate-700">
              <li className="flex items-center gap-2">
                <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
                {formatEventDate(event.date)}
              </li>
              <li className="flex items-center gap-2">
                <Clock className="size-4 text-slate-400" aria-hidden="true" />
                {formatEventTime(event.date)}
              </li>
              {event.location ? (
                <li className="flex items-center gap-2">
                  <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                  {event.location}
                </li>
              ) : null}
              {repeatSummary(event) ? (
                <li className="flex items-center gap-2">
                  <Repeat className="size-4 text-slate-400" aria-hidden="true" />
                  {repeatSummary(event)}
                </li>
              ) : null}
            </ul>
            {event.description ? (
              <p className="text-sm whitespace-pre-wrap text-slate-600 wrap-anywhere">{event.description}</p>
            ) : null}
            <div className="space-y-2">
              <p className="text-sm font-medium text-slate-900" data-testid="rsvp-counts">
                {going} going · {maybe} maybe
              </p>
              <AttendeeAvatars rsvps={event.rsvps} max={4} />
              {lateNotGoingCount(event) > 0 ? (
                <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="late-rsvp-note">
                  {lateBadgeText(lateNotGoingCount(event))} within 24 hours of the start
                  {lateNotGoingNames(event).length > 0 ? `: ${lateNotGoingNames(event).join(', ')}` : ''}
                </p>
              ) : null}
            </div>
            <RsvpButtons key={`${event.id}@${event.date}`} event={event} userId={userId} />
            {canManage ? (
              confirming ? (
                <div role="alertdialog" aria-label="Delete event" className="space-y-3 rounded-xl bg-red-50 p-3">
                  <p className="text-sm text-red-800">{DELETE_CONFIRMATION}</p>
                  {event.isRecurring ? (
                    <p className="text-xs text-red-700">Every occurrence of this repeating event is deleted.</p>
                  ) : null}
                  <div className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      disabled={deleteEvent.isPending}
                      onClick={() =>
                        deleteEvent.mutate(event, {
                          onSuccess: () => {
                            setConfirming(false);
                            onOpenChange(false);
                          },
                        })
                      }
                    >
                      {deleteEvent.isPending ? 'Deleting...' : 'Delete'}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button
                  variant="ghost"
                  className="w-full text-red-600 hover:bg-red-50"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete Event
                </Button>
              )
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

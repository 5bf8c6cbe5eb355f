import { REASON_MAX_LENGTH, TITLE_MAX_LENGTH } from '@sideline/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { fieldFocusClassName, Input } from '../../../components/ui/input.tsx';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';
import { occurrenceDateOf, useChangeEvent } from '../schedule-api.ts';
import { DEADLINE_MESSAGE, deadlineHoursOf } from '../lib/deadline-hours.ts';
import { serverErrors } from '../lib/server-errors.ts';
import type { ChangeEventInput, ChangeScope, TeamEvent } from '../types.ts';

export const scopeChoices: { value: ChangeScope; label: string }[] = [
  { value: 'occurrence', label: 'This event' },
  { value: 'following', label: 'This and following events' },
  { value: 'series', label: 'All events' },
];

/** The wall-clock date and time of an instant in the event's zone (what its members read). */
export function wallParts(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    // A zone this browser does not know: its own zone is the best it can show.
    return wallParts(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** "Time", naming the event's zone when this phone is elsewhere ("Time (America/New_York)"). */
function timeLabel(timeZone: string): string {
  return timeZone === Intl.DateTimeFormat().resolvedOptions().timeZone ? 'Time' : `Time (${timeZone})`;
}

/** What the form sends: only the fields that changed, the scope, the occurrence and the reason. */
export function toChangeInput(
  event: TeamEvent,
  scope: ChangeScope,
  values: {
    title: string;
    description: string;
    location: string;
    date: string;
    time: string;
    reason: string;
    rsvpDeadlineHours?: string;
  },
): ChangeEventInput | null {
  const input: ChangeEventInput = { scope, occurrenceDate: occurrenceDateOf(event) };
  if (values.title.trim() !== event.title) input.title = values.title.trim();
  if (values.description.trim() !== event.description) input.description = values.description.trim();
  if (values.location.trim() !== event.location) input.location = values.location.trim();
  const was = wallParts(event.date, event.timeZone);
  // A wall-clock time without an offset: the server reads it in the event's zone, whatever zone
  // this phone is in, and refuses a time that zone skips.
  if (values.date !== was.date || values.time !== was.time) input.startsAt = `${values.date}T${values.time}`;
  if (values.rsvpDeadlineHours !== undefined) {
    const hours = deadlineHoursOf(values.rsvpDeadlineHours);
    if (hours !== undefined && hours !== (event.rsvpDeadlineHours ?? null)) input.rsvpDeadlineHours = hours;
  }
  const changed = ['title', 'description', 'location', 'startsAt', 'rsvpDeadlineHours'].some((k) => k in input);
  if (!changed) return null;
  if (values.reason.trim()) input.reason = values.reason.trim();
  return input;
}

/**
 * Edit an occurrence: which events the change is for (a repeating event offers "This event / This
 * and following events / All events"), then title, description, place, start and an optional
 * reason. The server's refusals (400 with the field named, 409) show in the form.
 */
export function EditEventForm({
  event,
  onDone,
  onCancel,
}: {
  event: TeamEvent;
  onDone: () => void;
  onCancel: () => void;
}) {
  const change = useChangeEvent();
  const start = wallParts(event.date, event.timeZone);
  const [scope, setScope] = useState<ChangeScope>('occurrence');
  const [values, setValues] = useState({
    title: event.title,
    description: event.description,
    location: event.location,
    date: start.date,
    time: start.time,
    reason: '',
    rsvpDeadlineHours: event.rsvpDeadlineHours ? String(event.rsvpDeadlineHours) : '',
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const refused = serverErrors(change.error);
  const fieldError = (name: string) => refused?.fields[name];
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    if (!values.title.trim()) return setLocalError('Enter a title');
    if (!values.date || !values.time) return setLocalError('Choose a date and a time');
    if (deadlineHoursOf(values.rsvpDeadlineHours) === undefined) return setLocalError(DEADLINE_MESSAGE);
    const input = toChangeInput(event, event.isRecurring ? scope : 'occurrence', values);
    if (!input) return setLocalError('Nothing has changed yet');
    change.mutate({ event, input }, { onSuccess: onDone });
  };

  const startError = fieldError('startsAt') ?? fieldError('occurrenceDate');
  const shownFields = new Set([
    'title',
    'description',
    'location',
    'startsAt',
    'occurrenceDate',
    'reason',
    'rsvpDeadlineHours',
  ]);
  const otherFieldErrors = Object.entries(refused?.fields ?? {}).filter(([name]) => !shownFields.has(name));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit event">
      {event.isRecurring ? (
        <fieldset className="space-y-1 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Change</legend>
          {scopeChoices.map((choice) => (
            <label key={choice.value} className={choiceLabelClassName}>
              <input
                type="radio"
                name="edit-scope"
                value={choice.value}
                checked={scope === choice.value}
                onChange={() => setScope(choice.value)}
                className={choiceInputClassName}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field id="edit-title" label="Title" error={fieldError('title')}>
        <Input
          {...fieldControlProps('edit-title', fieldError('title'))}
          maxLength={TITLE_MAX_LENGTH}
          value={values.title}
          onChange={set('title')}
        />
      </Field>
      <Field id="edit-description" label="Description" error={fieldError('description')}>
        <textarea
          {...fieldControlProps('edit-description', fieldError('description'))}
          rows={2}
          maxLength={2000}
          value={values.description}
          onChange={set('description')}
          className={`block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs sm:text-sm ${fieldFocusClassName}`}
        />
      </Field>
      <Field id="edit-location" label="Location" error={fieldError('location')}>
        <Input
          {...fieldControlProps('edit-location', fieldError('location'))}
          maxLength={200}
          value={values.location}
          onChange={set('location')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="edit-date" label="Date" error={startError}>
          <Input
            type="date"
            {...fieldControlProps('edit-date', startError)}
            value={values.date}
            onChange={set('date')}
          />
        </Field>
        <Field id="edit-time" label={timeLabel(event.timeZone)}>
          <Input type="time" id="edit-time" value={values.time} onChange={set('time')} />
        </Field>
      </div>
      <Field
        id="edit-deadline"
        label="Answers close (hours before the start; every occurrence)"
        error={fieldError('rsvpDeadlineHours')}
      >
        <Input
          {...fieldControlProps('edit-deadline', fieldError('rsvpDeadlineHours'))}
          inputMode="numeric"
          placeholder="Never"
          value={values.rsvpDeadlineHours}
          onChange={set('rsvpDeadlineHours')}
        />
      </Field>
      <Field id="edit-reason" label="Reason (optional)" error={fieldError('reason')}>
        <Input
          {...fieldControlProps('edit-reason', fieldError('reason'))}
          maxLength={REASON_MAX_LENGTH}
          placeholder="e.g. Field waterlogged"
          value={values.reason}
          onChange={set('reason')}
        />
      </Field>
      {localError ? (
        <p role="alert" className="text-sm text-red-600">
          {localError}
        </p>
      ) : null}
      {refused ? (
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="edit-error">
          <p>{refused.message}</p>
          {otherFieldErrors.map(([name, message]) => (
            <p key={name}>
              {name}: {message}
            </p>
          ))}
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

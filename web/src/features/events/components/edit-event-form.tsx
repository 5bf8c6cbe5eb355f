import { REASON_MAX_LENGTH, TITLE_MAX_LENGTH } from '@sideline/domain';
import { format, isValid, parseISO } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { fieldFocusClassName, Input } from '../../../components/ui/input.tsx';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';
import { occurrenceDateOf, useChangeEvent } from '../api.ts';
import { serverErrors } from '../lib/server-errors.ts';
import type { ChangeEventInput, ChangeScope, TeamEvent } from '../types.ts';

export const scopeChoices: { value: ChangeScope; label: string }[] = [
  { value: 'occurrence', label: 'This event' },
  { value: 'following', label: 'This and following events' },
  { value: 'series', label: 'All events' },
];

function localParts(iso: string): { date: string; time: string } {
  const parsed = parseISO(iso);
  return isValid(parsed)
    ? { date: format(parsed, 'yyyy-MM-dd'), time: format(parsed, 'HH:mm') }
    : { date: '', time: '' };
}

/** What the form sends: only the fields that changed, the scope, the occurrence and the reason. */
export function toChangeInput(
  event: TeamEvent,
  scope: ChangeScope,
  values: { title: string; description: string; location: string; date: string; time: string; reason: string },
): ChangeEventInput | null {
  const input: ChangeEventInput = { scope, occurrenceDate: occurrenceDateOf(event) };
  if (values.title.trim() !== event.title) input.title = values.title.trim();
  if (values.description.trim() !== event.description) input.description = values.description.trim();
  if (values.location.trim() !== event.location) input.location = values.location.trim();
  const was = localParts(event.date);
  if (values.date !== was.date || values.time !== was.time) {
    const start = new Date(`${values.date}T${values.time}`);
    input.startsAt = Number.isNaN(start.getTime()) ? `${values.date}T${values.time}` : start.toISOString();
  }
  const changed = ['title', 'description', 'location', 'startsAt'].some((k) => k in input);
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
  const start = localParts(event.date);
  const [scope, setScope] = useState<ChangeScope>('occurrence');
  const [values, setValues] = useState({
    title: event.title,
    description: event.description,
    location: event.location,
    date: start.date,
    time: start.time,
    reason: '',
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
    const input = toChangeInput(event, event.isRecurring ? scope : 'occurrence', values);
    if (!input) return setLocalError('Nothing has changed yet');
    change.mutate({ event, input }, { onSuccess: onDone });
  };

  const startError = fieldError('startsAt') ?? fieldError('occurrenceDate');
  const shownFields = new Set(['title', 'description', 'location', 'startsAt', 'occurrenceDate', 'reason']);
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
        <Field id="edit-time" label="Time">
          <Input type="time" id="edit-time" value={values.time} onChange={set('time')} />
        </Field>
      </div>
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

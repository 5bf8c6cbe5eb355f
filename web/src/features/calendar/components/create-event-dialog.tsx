import { zodResolver } from '@hookform/resolvers/zod';
import type { Team } from '@sideline/domain';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { fieldFocusClassName, Input } from '../../../components/ui/input.tsx';
import { choiceInputClassName, choiceLabelClassName, Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreateEvent } from '../api.ts';
import {
  COUNT_MAX,
  COUNT_MIN,
  defaultEventFormValues,
  eventFormSchema,
  INTERVAL_MAX,
  INTERVAL_MIN,
  toCreateEventInput,
  weekdays,
  type EventFormInput,
  type EventFormValues,
} from '../lib/event-form.ts';
import { Switch } from '../../../components/ui/switch.tsx';

interface CreateEventDialogProps {
  team: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The create-event dialog (spec §2, §4, §5); on success the event lists refresh and it closes. */
export function CreateEventDialog({ team, open, onOpenChange }: CreateEventDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>Create Event</DialogTitle>
          <DialogDescription>Schedule a game, practice or get-together for {team.name}.</DialogDescription>
        </DialogHeader>
        {open ? <CreateEventForm team={team} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateEventForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const createEvent = useCreateEvent(team.id);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: defaultEventFormValues,
  });
  const isRecurring = watch('isRecurring');
  const recurringType = watch('recurringType');
  const endType = watch('endType');
  const days = watch('recurringDays') ?? [];
  const busy = createEvent.isPending;

  const onSubmit = handleSubmit((values) => {
    createEvent.mutate(toCreateEventInput(values), { onSuccess: onDone });
  });

  const err = (name: keyof EventFormInput) => errors[name]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create event">
      <Field id="event-title" label="Title" error={err('title')}>
        <Input
          {...fieldControlProps('event-title', err('title'))}
          placeholder="e.g. Practice"
          maxLength={120}
          {...register('title')}
        />
      </Field>
      <Field id="event-description" label="Description">
        <textarea
          id="event-description"
          rows={3}
          maxLength={2000}
          className={`block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs sm:text-sm ${fieldFocusClassName}`}
          {...register('description')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="event-date" label="Date" error={err('date')}>
          <Input type="date" {...fieldControlProps('event-date', err('date'))} {...register('date')} />
        </Field>
        <Field id="event-time" label="Time" error={err('time')}>
          <Input type="time" {...fieldControlProps('event-time', err('time'))} {...register('time')} />
        </Field>
      </div>
      <Field id="event-location" label="Location">
        <Input
          id="event-location"
          placeholder="e.g. Riverside Park, Field 2"
          maxLength={200}
          {...register('location')}
        />
      </Field>

      <Field id="event-deadline" label="Answers close (hours before the start)" error={err('rsvpDeadlineHours')}>
        <Input
          {...fieldControlProps('event-deadline', err('rsvpDeadlineHours'))}
          inputMode="numeric"
          placeholder="Never"
          {...register('rsvpDeadlineHours')}
        />
      </Field>

      <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 py-0.5 pr-1 pl-3">
        <span id="event-repeat-label" className="text-sm font-medium text-slate-900">
          Repeat event
        </span>
        <Switch
          checked={isRecurring}
          aria-labelledby="event-repeat-label"
          onClick={() => setValue('isRecurring', !isRecurring)}
        />
      </div>

      {isRecurring ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Repeat</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field id="event-repeat-type" label="Repeats">
              <NativeSelect id="event-repeat-type" {...register('recurringType')}>
                <option value="daily">Daily</option>
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
              </NativeSelect>
            </Field>
            <Field id="event-repeat-interval" label="Every" error={err('recurringInterval')}>
              <Input
                type="number"
                inputMode="numeric"
                min={INTERVAL_MIN}
                max={INTERVAL_MAX}
                {...fieldControlProps('event-repeat-interval', err('recurringInterval'))}
                {...register('recurringInterval')}
              />
            </Field>
          </div>
          {recurringType === 'weekly' ? (
            <div role="group" aria-label="Repeat on" className="space-y-1.5">
              <Label>On</Label>
              <div className="flex flex-wrap gap-1.5">
                {weekdays.map((d) => {
                  const on = days.includes(d.value);
                  return (
                    <button
                      key={d.value}
                      type="button"
                      aria-pressed={on}
                      aria-label={d.label}
                      onClick={() =>
                        setValue('recurringDays', on ? days.filter((x) => x !== d.value) : [...days, d.value])
                      }
                      className={cn(
                        'h-11 min-w-11 rounded-lg border px-2 text-xs font-semibold transition-colors',
                        on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-200 bg-white text-slate-700',
                      )}
                    >
                      {d.short}
                    </button>
                  );
                })}
              </div>
              <p className="text-xs text-slate-500">None chosen: the weekday of the date.</p>
            </div>
          ) : null}
          <div role="radiogroup" aria-label="Ends" className="space-y-2">
            <Label>Ends</Label>
            <label className={choiceLabelClassName}>
              <input type="radio" className={choiceInputClassName} value="date" {...register('endType')} />
              On a date
            </label>
            {endType === 'date' ? (
              <Field id="event-end-date" label="End date" error={err('recurringEndDate')}>
                <Input
                  type="date"
                  {...fieldControlProps('event-end-date', err('recurringEndDate'))}
                  {...register('recurringEndDate')}
                />
              </Field>
            ) : null}
            <label className={choiceLabelClassName}>
              <input type="radio" className={choiceInputClassName} value="count" {...register('endType')} />
              After a number of occurrences
            </label>
            {endType === 'count' ? (
              <Field id="event-end-count" label="Occurrences" error={err('recurringEndCount')}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={COUNT_MIN}
                  max={COUNT_MAX}
                  {...fieldControlProps('event-end-count', err('recurringEndCount'))}
                  {...register('recurringEndCount')}
                />
              </Field>
            ) : null}
            <label className={choiceLabelClassName}>
              <input type="radio" className={choiceInputClassName} value="never" {...register('endType')} />
              Never
            </label>
          </div>
        </fieldset>
      ) : null}

      {createEvent.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The event could not be created. Please try again.
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}

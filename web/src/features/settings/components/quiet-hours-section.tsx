import { useState, type FormEvent } from 'react';
import type { QuietHours } from '@sideline/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useQuietHours, useSaveQuietHours } from '../../notifications/api.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Quiet hours: nothing is pushed between start and end in the person's zone (urgent changes aside). */
export function QuietHoursSection() {
  const quiet = useQuietHours();
  return (
    <Card className="p-5" role="region" aria-labelledby="settings-quiet-hours">
      <h2 id="settings-quiet-hours" className="text-base font-semibold text-slate-900">
        Quiet hours
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        No notifications during these hours, except a change to an event starting within a day.
      </p>
      {quiet.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading quiet hours" />
        </div>
      ) : quiet.isError ? (
        <div className="mt-4">
          <LoadError title="Couldn't load your quiet hours" error={quiet.error} onRetry={() => void quiet.refetch()} />
        </div>
      ) : (
        <QuietHoursForm key={JSON.stringify(quiet.data.quietHours)} saved={quiet.data.quietHours} />
      )}
    </Card>
  );
}

function QuietHoursForm({ saved }: { saved: QuietHours | null }) {
  const save = useSaveQuietHours();
  const [start, setStart] = useState(saved?.start ?? '22:00');
  const [end, setEnd] = useState(saved?.end ?? '07:00');
  const [timeZone, setTimeZone] = useState(saved?.timeZone ?? browserZone());
  const fieldErrors = isApiError(save.error) ? (save.error.fieldErrors ?? {}) : {};
  const errorOf = (name: string) => fieldErrors[name]?.[0] ?? fieldErrors[`quietHours.${name}`]?.[0] ?? undefined;
  const formError =
    save.error && !errorOf('start') && !errorOf('end') && !errorOf('timeZone') ? getErrorMessage(save.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { start, end, timeZone: timeZone.trim() },
      { onSuccess: () => toast({ title: 'Quiet hours saved', description: `${start}–${end}` }) },
    );
  };

  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700" data-testid="quiet-hours-now">
        {saved ? `On: ${saved.start}–${saved.end} (${saved.timeZone})` : 'Off: notifications may come at any hour.'}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field id="quiet-start" label="From" error={errorOf('start')}>
          <Input
            {...fieldControlProps('quiet-start', errorOf('start'))}
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </Field>
        <Field id="quiet-end" label="Until" error={errorOf('end')}>
          <Input
            {...fieldControlProps('quiet-end', errorOf('end'))}
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </Field>
      </div>
      <Field id="quiet-zone" label="Time zone" error={errorOf('timeZone')}>
        <Input
          {...fieldControlProps('quiet-zone', errorOf('timeZone'))}
          value={timeZone}
          autoComplete="off"
          onChange={(e) => setTimeZone(e.target.value)}
        />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-red-600">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && save.variables ? 'Saving…' : 'Save quiet hours'}
        </Button>
        {saved ? (
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={() => save.mutate(null, { onSuccess: () => toast({ title: 'Quiet hours cleared' }) })}
          >
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import { REASON_MAX_LENGTH } from '@sideline/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useOccurrenceStatus } from '../schedule-api.ts';
import { serverErrors } from '../lib/server-errors.ts';
import type { TeamEvent } from '../types.ts';

/**
 * "Cancel this event": this occurrence only, with an optional reason; it stays in every list,
 * marked cancelled, and can be restored.
 */
export function CancelOccurrenceForm({
  event,
  onDone,
  onBack,
}: {
  event: TeamEvent;
  onDone: () => void;
  onBack: () => void;
}) {
  const status = useOccurrenceStatus();
  const [reason, setReason] = useState('');
  const refused = serverErrors(status.error);
  const reasonError = refused?.fields.reason;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    status.mutate({ event, action: 'cancel', reason }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cancel this event" className="space-y-3 rounded-xl bg-red-50 p-3">
      <p className="text-sm text-red-800">
        This event is cancelled for everyone. It stays in the list, marked cancelled, and can be restored.
      </p>
      <Field id="cancel-reason" label="Reason (optional)" error={reasonError}>
        <Input
          {...fieldControlProps('cancel-reason', reasonError)}
          maxLength={REASON_MAX_LENGTH}
          placeholder="e.g. Pitch closed after the rain"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {refused && !reasonError ? (
        <p role="alert" className="text-sm text-red-700">
          {refused.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" variant="destructive" disabled={status.isPending}>
          {status.isPending ? 'Cancelling...' : 'Cancel event'}
        </Button>
      </div>
    </form>
  );
}

/** Restore: a cancelled occurrence takes place again (the server answers 409 when it is not cancelled). */
export function RestoreOccurrenceButton({ event }: { event: TeamEvent }) {
  const status = useOccurrenceStatus();
  const refused = serverErrors(status.error);
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        className="w-full"
        disabled={status.isPending}
        onClick={() => status.mutate({ event, action: 'restore' })}
      >
        {status.isPending ? 'Restoring...' : 'Restore this event'}
      </Button>
      {refused ? (
        <p role="alert" className="text-sm text-red-600">
          {refused.message}
        </p>
      ) : null}
    </div>
  );
}

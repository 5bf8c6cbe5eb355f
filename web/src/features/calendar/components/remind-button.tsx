import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useRemindUnanswered } from '../notices-api.ts';
import type { TeamEvent } from '../types.ts';

/**
 * A coach's "Remind those who haven't answered" for an upcoming occurrence with answers still
 * missing: says how many people were told, or why not (a reminder went out within the hour).
 */
export function RemindButton({ event }: { event: TeamEvent }) {
  const remind = useRemindUnanswered();
  if (event.status === 'cancelled' || event.counts.noReply === 0 || Date.parse(event.date) <= Date.now()) return null;
  return (
    <div className="space-y-1">
      <Button variant="outline" className="w-full" disabled={remind.isPending} onClick={() => remind.mutate(event)}>
        <BellRing className="size-4" aria-hidden="true" />
        {remind.isPending ? 'Reminding…' : "Remind those who haven't answered"}
      </Button>
      {remind.isSuccess ? (
        <p role="status" className="text-sm text-slate-700" data-testid="remind-result">
          {remind.data.notified === 0
            ? 'Nobody could be told: they turned reminders off, muted the team or are in quiet hours.'
            : `Reminded ${remind.data.notified} ${remind.data.notified === 1 ? 'person' : 'people'}.`}
        </p>
      ) : remind.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {getErrorMessage(remind.error)}
        </p>
      ) : null}
    </div>
  );
}

import { CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useCalendarSubscription } from '../api.ts';

/** The dialog (and Radix's Dialog) is not part of the Events screen's first load. */
const CalendarSubscribeDialog = lazy(async () => ({
  default: (await import('./calendar-subscribe-dialog.tsx')).CalendarSubscribeDialog,
}));

/** webcal:// for calendar apps (they subscribe to it); the https address works everywhere else. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/** "Subscribe in your calendar app": a private iCalendar feed URL of the team, to copy. */
export function CalendarSubscribe({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it is Radix's own (focus goes back to the button).
  const [opened, setOpened] = useState(false);
  const subscription = useCalendarSubscription();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && !subscription.data && !subscription.isPending) subscription.mutate(teamId);
  };

  return (
    <>
      <Button
        variant="bare"
        size="sm"
        className="border border-slate-200 bg-white/90 text-slate-900 hover:bg-slate-50"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setOpened(true);
          onOpenChange(true);
        }}
      >
        <CalendarPlus className="size-4" aria-hidden="true" />
        Subscribe in your calendar app
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <CalendarSubscribeDialog
            open={open}
            onOpenChange={onOpenChange}
            teamName={teamName}
            subscription={subscription}
          />
        </Suspense>
      ) : null}
    </>
  );
}

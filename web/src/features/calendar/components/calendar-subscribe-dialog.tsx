import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import type { useCalendarSubscription } from '../api.ts';
import { webcalUrl } from './calendar-subscribe.tsx';

/** The calendar subscription's dialog, loaded the first time a person opens it. */
export function CalendarSubscribeDialog({
  open,
  onOpenChange,
  teamName,
  subscription,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  subscription: ReturnType<typeof useCalendarSubscription>;
}) {
  const url = subscription.data?.url;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe in your calendar app</DialogTitle>
          <DialogDescription>
            Add {teamName}&apos;s events to Google Calendar, Apple Calendar or Outlook. Keep this address private.
          </DialogDescription>
        </DialogHeader>
        {subscription.isError ? (
          <p role="alert" className="text-sm text-red-600">
            The calendar address could not be created. Please try again.
          </p>
        ) : !url ? (
          <p className="text-sm text-slate-500">Creating your calendar address...</p>
        ) : (
          <div className="space-y-3">
            <Input readOnly value={url} aria-label="Calendar address" onFocus={(e) => e.currentTarget.select()} />
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={async () => {
                  const ok = await copyText(url);
                  toast(
                    ok
                      ? { title: 'Copied', description: 'Paste the address into your calendar app.' }
                      : {
                          variant: 'destructive',
                          title: 'Copy failed',
                          description: 'Select the address and copy it.',
                        },
                  );
                }}
              >
                <Copy className="size-4" aria-hidden="true" />
                Copy address
              </Button>
              <a
                href={webcalUrl(url)}
                className="inline-flex h-8 items-center px-2 text-sm font-semibold text-brand-600"
              >
                Open in calendar app
              </a>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

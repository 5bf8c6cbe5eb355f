import type { IssuedInvitation } from '@sideline/domain';
import { format } from 'date-fns';
import { CircleAlert, Copy, MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** Copies an invitation link and says so (or how to copy it by hand). */
export async function copyInvitationLink(url: string): Promise<void> {
  if (await copyText(url)) {
    toast({ title: 'Invitation link copied', description: 'Paste it into a message to share it.' });
  } else {
    toast({ variant: 'destructive', title: "Couldn't copy the link", description: 'Select it and copy it by hand.' });
  }
}

/**
 * An invitation just sent: whether the email went out, and its link with a copy button. The
 * link is shown this once (lists never carry it), so a manager can also share it by hand.
 */
export function InvitationLink({ invitation, emailSent }: { invitation: IssuedInvitation; emailSent: boolean }) {
  return (
    <div className="space-y-3">
      {emailSent ? (
        <p className="flex gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            We emailed an invitation to <strong>{invitation.inviteeEmail}</strong>.
          </span>
        </p>
      ) : (
        <p role="alert" className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            We couldn't email <strong>{invitation.inviteeEmail}</strong>. Share the link below with them yourself.
          </span>
        </p>
      )}
      <div className="space-y-1.5">
        <label htmlFor="invitation-link" className="text-sm font-medium text-slate-700">
          Invitation link
        </label>
        <div className="flex gap-2">
          <Input
            id="invitation-link"
            readOnly
            value={invitation.url}
            onFocus={(e) => e.currentTarget.select()}
            textClassName="text-xs"
            className="font-mono"
          />
          <Button
            variant="outline"
            onClick={() => void copyInvitationLink(invitation.url)}
            aria-label="Copy invitation link"
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p className="text-xs text-slate-500">
          Works once, until {format(new Date(invitation.expiresAt), 'MMM d, yyyy h:mm a')}. It is shown only now.
        </p>
      </div>
    </div>
  );
}

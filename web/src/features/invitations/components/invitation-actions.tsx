import type { Invitation } from '@sideline/domain';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatMonthDay } from '../../../lib/intl-dates.ts';

/** What a manager can do with an open invitation, and the state they act on. */
export interface InvitationControls {
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
  /** The invitation whose resend or revoke is being saved. */
  busyId: string | null;
}

/** The invitations still open (unused, not revoked), newest first as the API lists them. */
export function openInvitations(invitations: readonly Invitation[] | undefined): Invitation[] {
  return (invitations ?? []).filter((i) => i.status === 'pending' || i.status === 'expired');
}

export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
      <span>
        Invited {invitation.inviteeName} ({invitation.inviteeEmail}) on {formatMonthDay(new Date(invitation.createdAt))}
      </span>
      {invitation.status === 'expired' ? <Badge tone="orange">Expired</Badge> : <Badge tone="blue">Pending</Badge>}
    </span>
  );
}

export function InvitationActions({ invitation, controls }: { invitation: Invitation; controls: InvitationControls }) {
  const busy = controls.busyId === invitation.id;
  return (
    <div className="flex shrink-0 gap-1.5">
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`Resend invitation to ${invitation.inviteeName}`}
        onClick={() => controls.onResend(invitation)}
      >
        Resend
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        aria-label={`Revoke invitation to ${invitation.inviteeName}`}
        onClick={() => controls.onRevoke(invitation)}
      >
        Revoke
      </Button>
    </div>
  );
}

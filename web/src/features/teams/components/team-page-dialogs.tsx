import type { InvitationIssuedResponse, Team } from '@sideline/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { InvitationLink } from '../../invitations/components/invitation-link.tsx';
import { InviteCoachDialog, InvitePlayerDialog } from '../../invitations/components/invite-dialog.tsx';
import { AddPlayerDialog } from '../../players/components/add-player-dialog.tsx';
import { TeamEventDialog } from './team-event-dialog.tsx';

export type TeamDialogName = 'addPlayer' | 'invitePlayer' | 'inviteCoach' | 'createEvent';

/** The link of an invitation just sent again, shown once. */
function ResentDialog({ resent, onClose }: { resent: InvitationIssuedResponse | null; onClose: () => void }) {
  return (
    <Dialog open={resent !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invitation sent again</DialogTitle>
          <DialogDescription>The earlier link no longer works.</DialogDescription>
        </DialogHeader>
        {resent ? (
          <div className="space-y-4">
            <InvitationLink invitation={resent.invitation} emailSent={resent.emailSent} />
            <div className="flex justify-end">
              <Button onClick={onClose}>Done</Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface TeamPageDialogsProps {
  team: Team;
  dialog: TeamDialogName | null;
  onDialogChange: (dialog: TeamDialogName | null) => void;
  resent: InvitationIssuedResponse | null;
  onResentClose: () => void;
}

/**
 * The team page's dialogs for its managers (add, invite, create an event, a resent invitation's
 * link), loaded with their forms and validation when the first one opens.
 */
export default function TeamPageDialogs({ team, dialog, onDialogChange, resent, onResentClose }: TeamPageDialogsProps) {
  const dialogProps = (name: TeamDialogName) => ({
    team,
    open: dialog === name,
    onOpenChange: (next: boolean) => onDialogChange(next ? name : null),
  });
  return (
    <>
      <AddPlayerDialog {...dialogProps('addPlayer')} />
      <InvitePlayerDialog {...dialogProps('invitePlayer')} />
      <InviteCoachDialog {...dialogProps('inviteCoach')} />
      <TeamEventDialog {...dialogProps('createEvent')} />
      <ResentDialog resent={resent} onClose={onResentClose} />
    </>
  );
}

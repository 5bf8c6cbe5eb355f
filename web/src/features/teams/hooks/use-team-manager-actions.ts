import type { InvitationIssuedResponse, Team } from '@sideline/domain';
import { useState } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useResendInvitation, useRevokeInvitation } from '../../invitations/api.ts';
import type { InvitationControls } from '../../invitations/components/invitation-actions.tsx';
import { useAssignTeamRole } from '../api.ts';
import type { CoachAction } from '../components/member-list.tsx';
import { coachToggleRole } from '../team-display.ts';

/** The invitations' failure toast, from their (lazily loaded) dialogs' module. */
function toastInvitationFailed() {
  void import('../../invitations/components/invite-dialog.tsx').then((module) => module.toastInvitationFailed());
}

/**
 * What a team's managers do from its roster: make a member coach (or not), resend or revoke an
 * invitation. Undefined controls for anyone else. `resent` is the link a resend answered with,
 * shown in its dialog until closed.
 */
export function useTeamManagerActions(teamId: string, team: Team | undefined, manages: boolean) {
  const assignRole = useAssignTeamRole(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  const [resent, setResent] = useState<InvitationIssuedResponse | null>(null);

  const coachAction: CoachAction | undefined =
    manages && team
      ? {
          creatorId: team.creatorId,
          pendingUserId: assignRole.isPending ? (assignRole.variables?.userId ?? null) : null,
          onToggle: (member) =>
            assignRole.mutate(
              { userId: member.userId, assignedRole: coachToggleRole(member) },
              {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: "Couldn't change the role",
                    description: getErrorMessage(error),
                  }),
              },
            ),
        }
      : undefined;

  const invitationControls: InvitationControls | undefined = manages
    ? {
        busyId: resend.isPending ? (resend.variables ?? null) : revoke.isPending ? (revoke.variables ?? null) : null,
        onResend: (invitation) =>
          resend.mutate(invitation.id, { onSuccess: setResent, onError: toastInvitationFailed }),
        onRevoke: (invitation) =>
          revoke.mutate(invitation.id, {
            onSuccess: () =>
              toast({
                title: 'Invitation revoked',
                description: `The link sent to ${invitation.inviteeName} no longer works.`,
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: "Couldn't revoke the invitation",
                description: getErrorMessage(error),
              }),
          }),
      }
    : undefined;

  return { coachAction, invitationControls, resent, clearResent: () => setResent(null) };
}

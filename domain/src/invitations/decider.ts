import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { InvitationCommand } from './commands.ts';
import type { InvitationEvent } from './events.ts';
import { invitationForAnotherEmail, isInvitee } from './invitee-email.ts';
import { INVITATION_TTL_MS, type InviteType } from './schemas.ts';
import { invitationTokenProblem } from './usability.ts';

export type InvitationState =
  | { status: 'none' }
  | {
      status: 'issued';
      invitationId: string;
      teamId: string;
      playerId: string | null;
      inviteType: InviteType;
      /** The manager who issued it: their authority is what accepting it exercises. */
      issuedBy: string;
      /** Who it was sent to: only an account with this email may accept it. */
      inviteeEmail: string;
      tokenVersion: number;
      expiresAt: string;
      acceptedBy: string | null;
      revoked: boolean;
    };

const notFound = () => new DomainError('not_found', 'INVITATION_NOT_FOUND', 'Invitation not found');
const expiry = (now: string) => new Date(new Date(now).getTime() + INVITATION_TTL_MS).toISOString();

/** The invitation of the command's team: another team's invitation is as unknown as a missing one. */
function ofTeam(state: InvitationState, teamId: string) {
  if (state.status === 'none' || state.teamId !== teamId) throw notFound();
  return state;
}

export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'IssueInvitation': {
        const { now, ...data } = command.data;
        if (state.status !== 'none') {
          throw new DomainError('conflict', 'INVITATION_EXISTS', 'This invitation already exists');
        }
        // A parent or player invitation is for a roster player; a coach invitation is for nobody's child.
        if ((data.inviteType === 'coach') !== (data.playerId === null)) {
          throw new DomainError('invalid', 'INVITATION_PLAYER', 'Parent and player invitations name a player');
        }
        return [{ type: 'InvitationIssued', data: { ...data, tokenVersion: 1, expiresAt: expiry(now) } }];
      }
      case 'ResendInvitation': {
        const { invitationId, teamId, by, now } = command.data;
        const invitation = ofTeam(state, teamId);
        if (invitation.acceptedBy !== null) {
          throw new DomainError('conflict', 'INVITATION_USED', 'This invitation has already been accepted');
        }
        if (invitation.revoked) {
          throw new DomainError('conflict', 'INVITATION_REVOKED', 'This invitation was revoked; send a new one');
        }
        return [
          {
            type: 'InvitationResent',
            data: { invitationId, teamId, tokenVersion: invitation.tokenVersion + 1, expiresAt: expiry(now), by },
          },
        ];
      }
      case 'RevokeInvitation': {
        const { invitationId, teamId, by } = command.data;
        const invitation = ofTeam(state, teamId);
        if (invitation.acceptedBy !== null) {
          throw new DomainError('conflict', 'INVITATION_USED', 'This invitation has already been accepted');
        }
        if (invitation.revoked) return [];
        return [{ type: 'InvitationRevoked', data: { invitationId, teamId, by } }];
      }
      case 'AcceptInvite': {
        const { invitationId, tokenVersion, userId, userEmail, now } = command.data;
        if (state.status === 'none') throw notFound();
        // The same person accepting again records nothing, so a retry can complete what follows
        // the acceptance (membership, player link) after a crash, whatever the clock says by then.
        if (state.acceptedBy === userId) return [];
        const problem = invitationTokenProblem(state, tokenVersion, new Date(now));
        if (problem) throw problem;
        // A link is easily forwarded; the invitation is for the person it was sent to.
        if (!isInvitee(state.inviteeEmail, userEmail)) throw invitationForAnotherEmail(state.inviteeEmail);
        const { teamId, playerId, inviteType } = state;
        return [
          { type: 'InvitationAccepted', data: { invitationId, teamId, playerId, inviteType, userId, tokenVersion } },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'InvitationIssued': {
        const { invitationId, teamId, playerId, inviteType, inviteeEmail, tokenVersion, expiresAt, by } = event.data;
        return {
          status: 'issued',
          invitationId,
          teamId,
          playerId,
          inviteType,
          issuedBy: by,
          inviteeEmail,
          tokenVersion,
          expiresAt,
          acceptedBy: null,
          revoked: false,
        };
      }
      case 'InvitationResent':
        return state.status === 'issued'
          ? { ...state, tokenVersion: event.data.tokenVersion, expiresAt: event.data.expiresAt }
          : state;
      case 'InvitationRevoked':
        return state.status === 'issued' ? { ...state, revoked: true } : state;
      case 'InvitationAccepted':
        return state.status === 'issued' ? { ...state, acceptedBy: event.data.userId } : state;
    }
  },
};

import type { AssignedRole } from '../teams/schemas.ts';
import { DomainError } from '../shared/errors.ts';
import type { InvitationStatus, InviteType } from './schemas.ts';

/** What decides whether an invitation token may still be used. */
export interface InvitationFacts {
  acceptedBy: string | null;
  revoked: boolean;
  /** The current token version (a resend bumps it). */
  tokenVersion: number;
  expiresAt: string;
}

/**
 * Why a presented token cannot be used (410 Gone, with a message a person can act on), or null.
 * Shared by AcceptInvite and the public lookup, so both say the same thing.
 */
export function invitationTokenProblem(
  invitation: InvitationFacts,
  presentedVersion: number,
  now: Date,
): DomainError | null {
  if (invitation.revoked) {
    return new DomainError(
      'gone',
      'INVITATION_REVOKED',
      'This invitation was withdrawn by the team. Ask the coach for a new one.',
    );
  }
  if (invitation.acceptedBy !== null) {
    return new DomainError('gone', 'INVITATION_USED', 'This invitation has already been used.');
  }
  if (presentedVersion !== invitation.tokenVersion) {
    return new DomainError(
      'gone',
      'INVITATION_REPLACED',
      'A newer invitation was sent for this. Use the link in the latest email.',
    );
  }
  if (now.getTime() >= new Date(invitation.expiresAt).getTime()) {
    return new DomainError(
      'gone',
      'INVITATION_EXPIRED',
      'This invitation has expired. Ask the coach to send a new one.',
    );
  }
  return null;
}

/** The status an invitation list shows. */
export function invitationStatus(
  invitation: { usedAt: string | null; revokedAt: string | null; expiresAt: string },
  now: Date,
): InvitationStatus {
  if (invitation.usedAt !== null) return 'used';
  if (invitation.revokedAt !== null) return 'revoked';
  return now.getTime() >= new Date(invitation.expiresAt).getTime() ? 'expired' : 'pending';
}

/** The team role an accepted invitation gives. */
export function assignedRoleForInvite(inviteType: InviteType): AssignedRole {
  return inviteType;
}

import type { InviteType } from './schemas.ts';

/**
 * One stream per invitation: accepting it must see whole whether it was used, revoked, replaced
 * or has expired. Tokens are not events: only their SHA-256 is kept, in a lookup table, with the
 * token version the stream says is current.
 */
export const invitationStream = (invitationId: string) => `invitation-${invitationId}`;

export type InvitationIssued = {
  type: 'InvitationIssued';
  data: {
    invitationId: string;
    teamId: string;
    /** The roster player a parent or player invitation is for; null for a coach. */
    playerId: string | null;
    inviteType: InviteType;
    inviteeName: string;
    inviteeEmail: string;
    ageGroup: string | null;
    specialization: string | null;
    by: string;
    /** Starts at 1; a resend issues the next version and the older tokens die. */
    tokenVersion: number;
    expiresAt: string;
  };
};

export type InvitationResent = {
  type: 'InvitationResent';
  data: { invitationId: string; teamId: string; tokenVersion: number; expiresAt: string; by: string };
};

export type InvitationRevoked = {
  type: 'InvitationRevoked';
  data: { invitationId: string; teamId: string; by: string };
};

/** The first event of AcceptInvite; the membership and the player link follow on their own streams. */
export type InvitationAccepted = {
  type: 'InvitationAccepted';
  data: {
    invitationId: string;
    teamId: string;
    playerId: string | null;
    inviteType: InviteType;
    userId: string;
    tokenVersion: number;
  };
};

export type InvitationEvent = InvitationIssued | InvitationResent | InvitationRevoked | InvitationAccepted;
export const invitationEventTypes = [
  'InvitationIssued',
  'InvitationResent',
  'InvitationRevoked',
  'InvitationAccepted',
] as const;

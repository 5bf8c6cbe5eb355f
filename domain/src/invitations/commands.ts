import type { InviteType } from './schemas.ts';

/**
 * Who may issue, resend or revoke (the team's managers) is the route's rule, checked on the read
 * models before it sends (ADR 0028). `now`: the injected clock (ISO).
 */
export type IssueInvitation = {
  type: 'IssueInvitation';
  data: {
    invitationId: string;
    teamId: string;
    playerId: string | null;
    inviteType: InviteType;
    inviteeName: string;
    inviteeEmail: string;
    ageGroup: string | null;
    specialization: string | null;
    by: string;
    now: string;
  };
};

/** A fresh token and expiry; the tokens issued before stop working. */
export type ResendInvitation = {
  type: 'ResendInvitation';
  data: { invitationId: string; teamId: string; by: string; now: string };
};

export type RevokeInvitation = {
  type: 'RevokeInvitation';
  data: { invitationId: string; teamId: string; by: string };
};

/**
 * `tokenVersion`: the version of the token presented (from the token table). `userEmail`: the
 * signed-in account's email (from its credentials), which must be the invited one.
 */
export type AcceptInvite = {
  type: 'AcceptInvite';
  data: { invitationId: string; tokenVersion: number; userId: string; userEmail: string; now: string };
};

export type InvitationCommand = IssueInvitation | ResendInvitation | RevokeInvitation | AcceptInvite;

import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  invitationDecider,
  invitationStream,
  type InviteType,
  type IssuedInvitation,
  type Team,
} from '@sideline/domain';
import { findInvitation, findUserById } from '@sideline/projections';
import { ownOrigin } from '../http/origin-check.ts';
import { HttpError } from '../shared/http-errors.ts';
import { invitationEmail } from './invitation-email.ts';
import { issueInvitationToken } from './invitation-tokens.ts';
import type { RosterContext } from './roster-context.ts';

/** A manager may send this many invitations (new and resent) an hour: enough for a season's roster, not for spam. */
export const INVITATIONS_PER_HOUR = 200;

export interface InvitationToIssue {
  inviteType: InviteType;
  playerId: string | null;
  playerName: string | null;
  inviteeName: string;
  inviteeEmail: string;
  ageGroup?: string | null;
  specialization?: string | null;
}

export interface IssueResult {
  invitation: IssuedInvitation;
  emailSent: boolean;
}

/** `{origin}/invite?token=…`, with PUBLIC_ORIGIN behind a proxy, else the request's own origin. */
export function invitationUrl(ctx: RosterContext, request: FastifyRequest, token: string): string {
  return `${ownOrigin(request, ctx.config.PUBLIC_ORIGIN)}/invite?${new URLSearchParams({ token }).toString()}`;
}

export async function limitInvitations(ctx: RosterContext, userId: string): Promise<void> {
  await ctx.limiter.hit(`invite:user:${userId}`, { max: INVITATIONS_PER_HOUR, windowSeconds: 3600 });
}

/**
 * Emails the invitation link. A mail server that refuses or does not answer does not undo the
 * invitation: the manager is told (`emailSent: false`) and can share the link by hand.
 */
export async function emailInvitation(
  ctx: RosterContext,
  facts: { to: IssuedInvitation; teamName: string; inviterId: string },
): Promise<boolean> {
  const { to: invitation, teamName, inviterId } = facts;
  const inviter = await findUserById(ctx.db, inviterId);
  const message = invitationEmail({
    inviteType: invitation.inviteType,
    inviteeName: invitation.inviteeName,
    inviteeEmail: invitation.inviteeEmail,
    teamName,
    playerName: invitation.playerName,
    inviterName: inviter?.name ?? teamName,
    url: invitation.url,
    expiresAt: invitation.expiresAt,
  });
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    ctx.logger.error({ err: error, invitationId: invitation.id }, 'the invitation email could not be sent');
    return false;
  }
}

/** The invitation as the read model has it, with its link; 503 while it is still being projected. */
export async function issuedInvitation(
  ctx: RosterContext,
  invitationId: string,
  url: string,
): Promise<IssuedInvitation> {
  const record = await findInvitation(ctx.db, invitationId, ctx.clock());
  if (!record) {
    throw new HttpError(503, 'NOT_READY', 'The invitation is still being set up; refresh in a moment', undefined, 1);
  }
  return { ...record.invitation, url };
}

/** IssueInvitation, then its first token and email. The link is in the result, this once. */
export async function issueInvitation(
  ctx: RosterContext,
  request: FastifyRequest,
  team: Team,
  by: string,
  what: InvitationToIssue,
): Promise<IssueResult> {
  const invitationId = randomUUID();
  const now = ctx.clock();
  await ctx.handle(
    invitationDecider,
    invitationStream(invitationId),
    {
      type: 'IssueInvitation',
      data: {
        invitationId,
        teamId: team.id,
        playerId: what.playerId,
        inviteType: what.inviteType,
        inviteeName: what.inviteeName,
        inviteeEmail: what.inviteeEmail,
        ageGroup: what.ageGroup ?? null,
        specialization: what.specialization ?? null,
        by,
        now: now.toISOString(),
      },
    },
    { actorId: by, now },
  );
  const token = await issueInvitationToken(ctx.db, invitationId, 1, now);
  const invitation = await issuedInvitation(ctx, invitationId, invitationUrl(ctx, request, token));
  const emailSent = await emailInvitation(ctx, { to: invitation, teamName: team.name, inviterId: by });
  return { invitation, emailSent };
}

import { randomUUID } from 'node:crypto';
import {
  assignedRoleForInvite,
  fold,
  invitationDecider,
  invitationStream,
  playerDecider,
  playerStream,
  teamDecider,
  teamStream,
  type AcceptInviteResponse,
  type InvitationEvent,
  type PlayerEvent,
} from '@sideline/domain';
import { findPlayer, findTeamForMember, isDeactivatedFromTeam } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';
import { deactivatedByOrganization } from '../teams/team-access.ts';
import type { RosterContext } from './roster-context.ts';

async function folded<E, S>(ctx: RosterContext, decider: { evolve(s: S, e: E): S; initialState: S }, stream: string) {
  const history = await ctx.eventStore.readStream(stream);
  return fold(
    decider,
    history.map((e) => ({ type: e.type, data: e.data }) as E),
  );
}

/**
 * AcceptInvite: one command whose events land on three streams, in this order:
 * 1. the invitation records its acceptance (InvitationAccepted): this is the decision, taken
 *    against the whole invitation (used, revoked, replaced, expired);
 * 2. the team records the membership in the invited role (JoinTeam via 'invitation');
 * 3. the player records the guardian link (parent) or the account link (player).
 * Steps 2 and 3 are idempotent and accepting again is a no-op for the person who accepted, so
 * if the process stops between steps, accepting again (the same link) completes the rest.
 * All three carry one correlation id. Only the account whose email the invitation was sent to
 * may accept it (the decider's rule); anyone else changes nothing.
 */
export async function acceptInvite(
  ctx: RosterContext,
  invitationId: string,
  tokenVersion: number,
  userId: string,
): Promise<AcceptInviteResponse> {
  const now = ctx.clock();
  const context = { actorId: userId, correlationId: randomUUID(), now };
  const before = await folded<InvitationEvent, typeof invitationDecider.initialState>(
    ctx,
    invitationDecider,
    invitationStream(invitationId),
  );
  if (before.status === 'none') throw new HttpError(404, 'INVITATION_NOT_FOUND', 'Invitation not found');
  const accept = {
    type: 'AcceptInvite' as const,
    data: { invitationId, tokenVersion, userId, userEmail: await accountEmail(ctx, userId), now: now.toISOString() },
  };
  // The invitation's own refusals (gone, another email) come first: a link's holder who may not
  // use it learns nothing about the player below. The handler decides again on the stream.
  invitationDecider.decide(accept, before);
  // Nor is an invitation a way back into a club that has deactivated you (the invitation stays unused).
  if (await isDeactivatedFromTeam(ctx.db, before.teamId, userId)) throw deactivatedByOrganization();
  // A player has at most one account: refuse before the acceptance is recorded, not after.
  if (before.inviteType === 'player' && before.playerId && before.acceptedBy === null) {
    const player = await folded<PlayerEvent, typeof playerDecider.initialState>(
      ctx,
      playerDecider,
      playerStream(before.playerId),
    );
    if (player.status === 'active' && player.accountUserId !== null && player.accountUserId !== userId) {
      throw new HttpError(409, 'PLAYER_ACCOUNT_TAKEN', 'This player is already linked to another account');
    }
  }

  await ctx.handle(invitationDecider, invitationStream(invitationId), accept, context);
  const { teamId, playerId, inviteType, issuedBy } = before;
  const invitedRole = assignedRoleForInvite(inviteType);
  await ctx.handle(
    teamDecider,
    teamStream(teamId),
    { type: 'JoinTeam', data: { teamId, userId, via: 'invitation', invitedRole, invitationId, invitedBy: issuedBy } },
    context,
  );
  if (playerId) {
    const link = { playerId, teamId, userId, by: userId, byCanManage: false, invitationId };
    await ctx.handle(
      playerDecider,
      playerStream(playerId),
      inviteType === 'player' ? { type: 'LinkPlayerAccount', data: link } : { type: 'LinkGuardian', data: link },
      context,
    );
  }

  const team = await findTeamForMember(ctx.db, teamId, userId);
  const player = playerId ? await findPlayer(ctx.db, teamId, playerId) : null;
  if (!team || (playerId && !player)) {
    throw new HttpError(503, 'NOT_READY', 'Joining is still being processed; refresh in a moment', undefined, 1);
  }
  return {
    team,
    assignedRole: team.myAssignedRole,
    player: player ? { id: player.id, name: player.name } : null,
  };
}

/** The email the account signs in with: its credentials are the source, not a read model. */
async function accountEmail(ctx: RosterContext, userId: string): Promise<string> {
  const row = await ctx.db.selectFrom('credentials').select('email').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
  return row.email;
}

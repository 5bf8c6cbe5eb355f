import type { AcceptInviteResponse, InviteLookup } from '@sideline/domain';
import { paths } from '../../config/paths.ts';

/** The account role a signed-out invitee signs up with: parent for a parent invitation (spec §2). */
export function signUpRoleFor(inviteType: InviteLookup['inviteType']): 'parent' | 'player' | 'coach' {
  return inviteType;
}

/**
 * /auth with the sign-up pre-filled from the invitation (spec §2: email, name, role, token,
 * teamName, playerName); after signing up the auth screen comes back to /invite?token=….
 */
export function authPathForInvite(invite: InviteLookup, token: string): string {
  const params = new URLSearchParams({
    email: invite.parentEmail,
    name: invite.parentName,
    role: signUpRoleFor(invite.inviteType),
    token,
    teamName: invite.team.name,
    playerName: invite.player?.name ?? '',
  });
  return `${paths.auth}?${params.toString()}`;
}

/** "as the parent of Mia" / "as a coach" / "as a player". */
export function invitedAs(invite: Pick<InviteLookup, 'inviteType' | 'player'>): string {
  if (invite.inviteType === 'parent') return invite.player ? `as the parent of ${invite.player.name}` : 'as a parent';
  return invite.inviteType === 'coach' ? 'as a coach' : 'as a player';
}

/** The welcome toast after accepting. */
export function welcomeMessage(result: AcceptInviteResponse): { title: string; description: string } {
  const title = `Welcome to ${result.team.name}!`;
  if (result.assignedRole === 'parent' && result.player) {
    return { title, description: `You're connected to ${result.player.name} and their team.` };
  }
  if (result.assignedRole === 'coach') return { title, description: 'You can now help manage the team.' };
  return { title, description: "You're now a member of the team." };
}

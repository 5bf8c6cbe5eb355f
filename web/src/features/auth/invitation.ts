import type { selfSelectableRoles } from '@sideline/domain';

export type SelfSelectableRole = (typeof selfSelectableRoles)[number];

/**
 * The roles a person may pick (the domain's list, checked complete by the compiler). A type-only
 * import: the sign-in screen does not download the domain's schema module for it.
 */
const choosable: Record<SelfSelectableRole, true> = { parent: true, coach: true, player: true };

function isSelfSelectableRole(role: string): role is SelfSelectableRole {
  return Object.hasOwn(choosable, role);
}

export interface Invitation {
  email: string;
  name: string;
  role: SelfSelectableRole;
  token: string;
  teamName: string;
  playerName: string;
}

/**
 * Spec §2: an invitation is in effect only when email, name, role and token are all present;
 * teamName and playerName default to empty text. A role that may not be self-selected falls
 * back to parent (invitations come from a team, for a parent of one of its players).
 */
export function parseInvitation(params: URLSearchParams): Invitation | null {
  const email = params.get('email')?.trim();
  const name = params.get('name')?.trim();
  const role = params.get('role')?.trim();
  const token = params.get('token')?.trim();
  if (!email || !name || !role || !token) return null;
  return {
    email,
    name,
    role: isSelfSelectableRole(role) ? role : 'parent',
    token,
    teamName: params.get('teamName')?.trim() ?? '',
    playerName: params.get('playerName')?.trim() ?? '',
  };
}

export function invitationSubtitle(invitation: Invitation): string {
  const team = invitation.teamName || 'the team';
  const asParent = invitation.playerName ? ` as the parent of ${invitation.playerName}` : '';
  return `You've been invited to join ${team}${asParent}`;
}

/** Where to go after signing in or up: /invite?token=… when an invitation token exists, else '/'. */
export function postAuthPath(token: string | null | undefined): string {
  return token ? `/invite?${new URLSearchParams({ token }).toString()}` : '/';
}

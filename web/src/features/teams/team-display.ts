import {
  canManageTeam,
  teamRoleForAccount,
  type AssignedRole,
  type Team,
  type TeamManagementFacts,
  type TeamMember,
} from '@sideline/domain';

/** The big letter on a team card: the first letter of the name, upper-cased. */
export function teamInitial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/** Spec: the sport badge, or 'Team' when the team has no sport. */
export function sportLabel(team: Pick<Team, 'sport'>): string {
  return team.sport?.trim() || 'Team';
}

/** Spec: 'Independent Team' or 'Organization Team'. */
export function teamKindLabel(team: Pick<Team, 'isIndie'>): string {
  return team.isIndie ? 'Independent Team' : 'Organization Team';
}

/**
 * What the domain's canManageTeam needs about the signed-in user in one of their teams.
 * Organizations come in a later issue: until then nobody is an admin of a team's organization.
 */
export function teamManagementFacts(
  team: Pick<Team, 'creatorId' | 'myAssignedRole'>,
  userId: string,
): TeamManagementFacts {
  return { userId, creatorId: team.creatorId, assignedRole: team.myAssignedRole, isOrgAdminOfTeamOrg: false };
}

/** The team's managers share the join code and make members coach (the server's rule). */
export function isTeamManager(team: Pick<Team, 'creatorId' | 'myAssignedRole'>, userId: string): boolean {
  return canManageTeam(teamManagementFacts(team, userId));
}

/** The role a manager's 'Make coach' gives, and 'Remove coach' gives back (their account's). */
export function coachToggleRole(member: Pick<TeamMember, 'assignedRole' | 'role'>): AssignedRole {
  return member.assignedRole === 'coach' ? teamRoleForAccount(member.role) : 'coach';
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** A team's coaches: members assigned as the team's coach, and members whose account role is coach. */
export function isCoach(member: TeamMember): boolean {
  return member.assignedRole === 'coach' || member.role === 'coach';
}

export interface RosterGroups {
  /** Members whose team role is player (player accounts). */
  players: TeamMember[];
  parents: TeamMember[];
  coaches: TeamMember[];
  /** Everyone who is not a parent in this team (coaches, players, organization admins, others). */
  others: TeamMember[];
}

/**
 * Splits a member list into the groups the team page shows and counts, by each member's role in
 * this team: someone who accepted a parent invitation is a parent here whatever their account says.
 */
export function groupRoster(members: readonly TeamMember[]): RosterGroups {
  return {
    players: members.filter((m) => m.assignedRole === 'player'),
    parents: members.filter((m) => m.assignedRole === 'parent'),
    coaches: members.filter(isCoach),
    others: members.filter((m) => m.assignedRole !== 'parent'),
  };
}

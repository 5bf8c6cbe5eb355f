import type { Team, TeamMember } from '@sideline/domain';

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

/** Coaches and team admins may share the join code and (later) manage the roster. */
export function canManageTeam(team: Pick<Team, 'myAssignedRole'>): boolean {
  return team.myAssignedRole === 'coach' || team.myAssignedRole === 'admin';
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** A team's coaches: members assigned as the team's coach, and members whose account role is coach. */
export function isCoach(member: TeamMember): boolean {
  return member.assignedRole === 'coach' || member.role === 'coach';
}

export interface RosterGroups {
  players: TeamMember[];
  parents: TeamMember[];
  coaches: TeamMember[];
  /** Everyone who is neither a parent nor a player (coaches, organization admins). */
  others: TeamMember[];
}

/** Splits a member list into the groups the team page shows and counts. */
export function groupRoster(members: readonly TeamMember[]): RosterGroups {
  return {
    players: members.filter((m) => m.role === 'player'),
    parents: members.filter((m) => m.role === 'parent'),
    coaches: members.filter(isCoach),
    others: members.filter((m) => m.role !== 'parent' && m.role !== 'player'),
  };
}

import type { OrgMemberRole, OrgTeam } from '@sideline/domain';
import { formatDistanceToNow } from 'date-fns';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';

/** Spec part 2 §9: three teams in Top Performing Teams, by member count (ties: oldest first). */
export const TOP_TEAMS = 3;

export function topTeams(teams: readonly OrgTeam[]): OrgTeam[] {
  return [...teams].sort((a, b) => b.memberCount - a.memberCount).slice(0, TOP_TEAMS);
}

/** The Activity text of a team card. */
export function teamActivityText(team: Pick<OrgTeam, 'lastActivityAt'>, now: Date = new Date()): string {
  if (!team.lastActivityAt) return 'No activity yet';
  const at = new Date(team.lastActivityAt);
  return `Active ${formatDistanceToNow(at > now ? now : at, { addSuffix: true })}`;
}

export function orgRoleLabel(role: OrgMemberRole): string {
  return role === 'member' ? 'Member' : roleLabel(role);
}

export function orgRoleTone(role: OrgMemberRole): BadgeTone {
  return role === 'member' ? 'neutral' : roleBadgeTone(role);
}

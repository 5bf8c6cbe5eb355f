import type { JoinTeam } from './commands.ts';
import type { TeamEvent } from './events.ts';
import type { AssignedRole } from './schemas.ts';

type InvitationJoin = Extract<JoinTeam['data'], { via: 'invitation' }>;

/**
 * Joining by accepting an invitation. A newcomer joins in the invited role. Someone already in
 * the team keeps their role, except that a coach invitation makes them coach (a manager issued
 * it) and a member without a specific role (`other`) takes the invited one. Accepting again
 * changes nothing, so a retried acceptance never duplicates.
 */
export function joinByInvitation(members: ReadonlyMap<string, AssignedRole>, data: InvitationJoin): TeamEvent[] {
  const { teamId, userId, invitedRole, invitationId, invitedBy } = data;
  const current = members.get(userId);
  if (current === undefined) {
    return [
      { type: 'MemberJoined', data: { teamId, userId, assignedRole: invitedRole, via: 'invitation', invitationId } },
    ];
  }
  if (current === invitedRole || (invitedRole !== 'coach' && current !== 'other')) return [];
  return [
    {
      type: 'TeamRoleAssigned',
      data: { teamId, userId, assignedRole: invitedRole, previousRole: current, by: invitedBy },
    },
  ];
}

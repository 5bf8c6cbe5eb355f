import { describe, expect, it } from 'vitest';
import { canManageTeamEvents, type TeamEventsPermissionInput } from './permissions.ts';

const check = (
  userId: string,
  assignedRole: TeamEventsPermissionInput['assignedRole'],
  isOrgAdminOfTeamOrg = false,
  creatorId: string | null = 'creator',
) => canManageTeamEvents({ userId, creatorId, assignedRole, isOrgAdminOfTeamOrg });

describe('canManageTeamEvents (who may create and delete events)', () => {
  it.each([
    ['the creator', 'creator', 'coach', false, true],
    ['an assigned coach', 'u', 'coach', false, true],
    ['an org admin of the team’s organization', 'u', null, true, true],
    // Spec part 1 §6 said "any user with role coach" on an independent team: no longer.
    ['a coach account that joined by code', 'u', 'other', false, false],
    ['a parent', 'u', 'parent', false, false],
    ['a player', 'u', 'player', false, false],
    ['a non-member', 'u', null, false, false],
  ] as const)('%s → %s', (_who, id, assigned, orgAdmin, expected) => {
    expect(check(id, assigned, orgAdmin)).toBe(expected);
  });
});

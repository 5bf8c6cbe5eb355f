import { describe, expect, it } from 'vitest';
import { canManageTeamEvents, type TeamEventsPermissionInput } from './permissions.ts';

type Role = TeamEventsPermissionInput['user']['role'];
type Assigned = TeamEventsPermissionInput['assignedRole'];
const indie = { isIndie: true, orgId: null, coachId: 'coach', creatorId: 'creator' };
const orgTeam = { isIndie: false, orgId: 'o1', coachId: 'coach', creatorId: 'creator' };
const orphan = { isIndie: false, orgId: null, coachId: 'coach', creatorId: 'creator' };

const check = (
  team: TeamEventsPermissionInput['team'],
  id: string,
  role: Role,
  assignedRole: Assigned = 'member',
  isOrgAdminOfTeamOrg = false,
) => canManageTeamEvents({ user: { id, role }, team, assignedRole, isOrgAdminOfTeamOrg });

describe('canManageTeamEvents (spec part 1 §6)', () => {
  it.each([
    // organization team
    ['org: org_admin of the org', orgTeam, 'u', 'org_admin', 'member', true, true],
    ['org: org_admin of another org', orgTeam, 'u', 'org_admin', 'member', false, false],
    ['org: the team coach', orgTeam, 'coach', 'coach', 'member', false, true],
    ['org: assigned coach', orgTeam, 'u', 'parent', 'coach', false, true],
    ['org: assigned admin', orgTeam, 'u', 'player', 'admin', false, true],
    ['org: a user with role coach only', orgTeam, 'u', 'coach', 'member', false, false],
    ['org: the creator only', orgTeam, 'creator', 'parent', 'member', false, false],
    ['org: parent', orgTeam, 'u', 'parent', 'member', false, false],
    ['org: player', orgTeam, 'u', 'player', 'member', false, false],
    // independent team
    ['indie: creator (a parent)', indie, 'creator', 'parent', 'member', false, true],
    ['indie: any coach', indie, 'u', 'coach', 'member', false, true],
    ['indie: assigned coach', indie, 'u', 'parent', 'coach', false, true],
    ['indie: assigned admin', indie, 'u', 'player', 'admin', false, true],
    ['indie: parent', indie, 'u', 'parent', 'member', false, false],
    ['indie: player', indie, 'u', 'player', 'member', false, false],
    ['indie: org_admin role', indie, 'u', 'org_admin', 'member', true, false],
    // neither
    ['other: team coach', orphan, 'coach', 'coach', 'coach', true, false],
    ['other: creator', orphan, 'creator', 'coach', 'admin', false, false],
  ] as const)('%s → %s', (_name, team, id, role, assigned, orgAdmin, expected) => {
    expect(check(team, id, role, assigned, orgAdmin)).toBe(expected);
  });
});

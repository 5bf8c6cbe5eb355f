import type { AssignedRole } from './schemas.ts';

export const teamStream = (teamId: string) => `team-${teamId}`;

export type TeamCreated = {
  type: 'TeamCreated';
  data: {
    teamId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    code: string;
    creatorId: string;
    coachId: string | null;
    isIndie: boolean;
    orgId: string | null;
  };
};

export type MemberJoined = {
  type: 'MemberJoined';
  data: { teamId: string; userId: string; assignedRole: AssignedRole; via: 'creator' | 'code' | 'invitation' };
};

export type TeamEvent = TeamCreated | MemberJoined;
export const teamEventTypes = ['TeamCreated', 'MemberJoined'] as const;

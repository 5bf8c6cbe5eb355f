import type { UserRole } from '../identity/schemas.ts';

export type CreateTeam = {
  type: 'CreateTeam';
  data: {
    teamId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    code: string;
    creatorId: string;
    creatorRole: UserRole;
  };
};

export type JoinTeam = { type: 'JoinTeam'; data: { teamId: string; userId: string; via: 'code' | 'invitation' } };

export type TeamCommand = CreateTeam | JoinTeam;

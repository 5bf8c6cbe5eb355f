import type { UserRole } from './schemas.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: string; name: string; email: string; role: Exclude<UserRole, 'org_admin'> };
};

export type IdentityCommand = RegisterUser;

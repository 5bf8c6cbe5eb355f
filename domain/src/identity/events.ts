import { z } from 'zod';
import { userRoleSchema } from './schemas.ts';

export const userStream = (userId: string) => `user-${userId}`;

export const userRegisteredSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
});

export type UserRegistered = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };

export type IdentityEvent = UserRegistered;

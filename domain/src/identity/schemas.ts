import { z } from 'zod';
import { text } from '../shared/text.ts';

/** Roles a person may pick at sign-up; org_admin is granted, never self-selected. */
export const selfSelectableRoles = ['parent', 'coach', 'player'] as const;
export const userRoles = [...selfSelectableRoles, 'org_admin'] as const;

export const selfSelectableRoleSchema = z.enum(selfSelectableRoles);
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const emailSchema = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const PASSWORD_IS_EMAIL_MESSAGE = 'Your password cannot be your email address';

/** POST /api/register (a common password is refused by the API, which holds the list). */
export const registerUserInputSchema = z
  .object({
    email: emailSchema,
    password: text({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
    name: text({ error: 'Full name is required' })
      .trim()
      .min(1, 'Full name is required')
      .max(100, 'Full name must be at most 100 characters'),
    role: selfSelectableRoleSchema.default('parent'),
  })
  // NIST SP 800-63B: context-specific words, the account's own email first of all.
  .refine((v) => v.password.trim().toLowerCase() !== v.email, {
    message: PASSWORD_IS_EMAIL_MESSAGE,
    path: ['password'],
  });
export type RegisterUserInput = z.input<typeof registerUserInputSchema>;

/** POST /api/login */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: text({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** The signed-in user as GET /api/user, POST /api/login and POST /api/register return it. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The displayed role: the highest of the account role and the person's memberships (displayRole). */
  role: userRoleSchema,
  /** The role chosen at sign-up: what creating an independent team and joining by code go by. */
  accountRole: userRoleSchema,
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  xp: z.number().int(),
  dulars: z.number().int(),
  streak: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

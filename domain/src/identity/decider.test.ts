import { describe, it, expect } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { userDecider } from './decider.ts';
import { registerUserInputSchema } from './schemas.ts';

const register = (role: 'parent' | 'coach' | 'player' = 'coach') => ({
  type: 'RegisterUser' as const,
  data: { userId: 'u1', name: '  Sam Coach ', email: 'Sam@Example.com', role },
});

describe('user decider', () => {
  it('given no history, when RegisterUser, then UserRegistered with trimmed name and lower-case email', () => {
    given(userDecider)
      .when(register())
      .then([
        { type: 'UserRegistered', data: { userId: 'u1', name: 'Sam Coach', email: 'sam@example.com', role: 'coach' } },
      ]);
  });

  it('given a registered user, when RegisterUser again, then it is refused as a conflict', () => {
    given(userDecider, [
      { type: 'UserRegistered', data: { userId: 'u1', name: 'Sam', email: 'sam@example.com', role: 'coach' } },
    ])
      .when(register())
      .thenRefuses('USER_EXISTS');
  });

  it('refuses org_admin even if it slips past validation', () => {
    given(userDecider)
      .when({ type: 'RegisterUser', data: { ...register().data, role: 'org_admin' as never } })
      .thenRefuses('ROLE_NOT_SELECTABLE');
  });
});

describe('registration payload', () => {
  it('defaults the role to parent and normalises the email', () => {
    const parsed = registerUserInputSchema.parse({ email: ' A@B.co ', password: 'longenough', name: 'Ann' });
    expect(parsed).toEqual({ email: 'a@b.co', password: 'longenough', name: 'Ann', role: 'parent' });
  });

  it('refuses the email address as the password, whatever its case', () => {
    const result = registerUserInputSchema.safeParse({ email: 'Ann@B.co', password: 'ANN@b.co', name: 'Ann' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Your password cannot be your email address'],
    ]);
  });

  it('rejects org_admin, a short password, a bad email and a blank name with field messages', () => {
    const result = registerUserInputSchema.safeParse({
      email: 'nope',
      password: 'short',
      name: '  ',
      role: 'org_admin',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join('.'));
    expect(fields.sort()).toEqual(['email', 'name', 'password', 'role']);
  });
});

import { describe, expect, it } from 'vitest';
import { canManageChat } from './permissions.ts';

describe('canManageChat (who may pin and unpin; the API and the chat screen share it)', () => {
  const team = { coachId: 'coach-1' };

  it("lets the team's coaches and admins pin, whoever the team's coach is", () => {
    expect(canManageChat({ userId: 'u1', assignedRole: 'coach' }, team)).toBe(true);
    expect(canManageChat({ userId: 'u1', assignedRole: 'admin' }, team)).toBe(true);
    expect(canManageChat({ userId: 'u1', assignedRole: 'admin' }, { coachId: null })).toBe(true);
  });

  it("lets the team's coach pin even as a plain member", () => {
    expect(canManageChat({ userId: 'coach-1', assignedRole: 'member' }, team)).toBe(true);
  });

  it('refuses other members (parents, players), also on a team without a coach', () => {
    expect(canManageChat({ userId: 'parent-1', assignedRole: 'member' }, team)).toBe(false);
    expect(canManageChat({ userId: 'parent-1', assignedRole: 'member' }, { coachId: null })).toBe(false);
  });
});

import type { UserRole } from '@sideline/domain';
import type { BadgeTone } from '../../components/ui/badge.tsx';

export const roleLabels: Record<UserRole, string> = {
  parent: 'Parent',
  coach: 'Coach',
  player: 'Player',
  org_admin: 'Organization Admin',
};

/** Spec: role badge colours — Parent green, Coach blue, Player purple, Organization Admin orange. */
export const roleBadgeTones: Record<UserRole, BadgeTone> = {
  parent: 'green',
  coach: 'blue',
  player: 'purple',
  org_admin: 'orange',
};

export function roleLabel(role: string): string {
  return (roleLabels as Record<string, string>)[role] ?? role;
}

export function roleBadgeTone(role: string): BadgeTone {
  return (roleBadgeTones as Record<string, BadgeTone>)[role] ?? 'neutral';
}

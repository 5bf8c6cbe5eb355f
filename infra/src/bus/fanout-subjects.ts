import { isSubjectToken } from './subject.ts';

/** `sideline.team.{teamId}.{kind}`: everything members of one team may see. */
export function teamSubject(teamId: string, kind: string): string {
  return `sideline.team.${token(teamId, 'teamId')}.${token(kind, 'kind')}`;
}

/** `sideline.user.{userId}.{kind}`: everything for one user's own sockets. */
export function userSubject(userId: string, kind: string): string {
  return `sideline.user.${token(userId, 'userId')}.${token(kind, 'kind')}`;
}

export const allTeamsSubject = 'sideline.team.*.>';
export const allUsersSubject = 'sideline.user.*.>';

/** Splits a received subject back into its scope, id and kind (null for anything else). */
export function parseScopedSubject(subject: string): { scope: 'team' | 'user'; id: string; kind: string } | null {
  const [root, scope, id, ...kind] = subject.split('.');
  if (root !== 'sideline' || (scope !== 'team' && scope !== 'user') || !id || kind.length === 0) {
    return null;
  }
  return { scope, id, kind: kind.join('.') };
}

// An id is interpolated into a subject: one with '.', '*' or '>' would address other teams.
function token(value: string, what: string): string {
  if (!isSubjectToken(value)) throw new TypeError(`Invalid ${what} for a bus subject: "${value}"`);
  return value;
}

import { describe, expect, it } from 'vitest';
import { isSubjectToken, subjectMatches } from './subject.ts';

describe('subjectMatches (NATS wildcard rules)', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.b', 'a.b.c', false],
    ['a.*.c', 'a.x.c', true],
    ['a.*.c', 'a.x.y.c', false],
    ['a.*', 'a', false],
    ['a.>', 'a.b', true],
    ['a.>', 'a.b.c.d', true],
    ['a.>', 'a', false],
    ['>', 'a', true],
    ['*.*', 'a.b', true],
    ['sideline.team.*.>', 'sideline.team.t1.message', true],
    ['sideline.team.*.>', 'sideline.team.t1', false],
    ['sideline.team.*.>', 'sideline.user.u1.message', false],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it('accepts only ids that are a single subject token', () => {
    expect(isSubjectToken('0b7f2f0e-3c1c-4a3e-9d8b-1f2a3b4c5d6e')).toBe(true);
    for (const bad of ['', 'a.b', '*', '>', 'a b', 'x>']) expect(isSubjectToken(bad)).toBe(false);
  });
});

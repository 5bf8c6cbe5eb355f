import { describe, expect, it } from 'vitest';
import { addPlayerInputSchema } from './schemas.ts';
import { groupPlayersByLink, playerLinkStatus, type ParentInvitationFacts } from './link-status.ts';

const unused: ParentInvitationFacts = { usedAt: null, revokedAt: null };
const used: ParentInvitationFacts = { usedAt: '2026-05-01T10:00:00.000Z', revokedAt: null };
const revoked: ParentInvitationFacts = { usedAt: null, revokedAt: '2026-05-01T10:00:00.000Z' };

describe('a player’s parent link (spec §4)', () => {
  it.each([
    ['a linked parent', 1, [], 'linked'],
    ['a linked parent, whatever invitations exist', 2, [unused, used], 'linked'],
    ['no parent and an unused invitation', 0, [unused], 'pending'],
    ['no parent, a used and an unused invitation', 0, [used, unused], 'pending'],
    ['no parent and no invitation', 0, [], 'unlinked'],
    ['no parent and only a revoked invitation', 0, [revoked], 'unlinked'],
    ['no parent and a used invitation (in neither list)', 0, [used], 'unlisted'],
  ] as const)('%s → %s', (_case, guardians, invitations, expected) => {
    expect(playerLinkStatus(guardians, invitations)).toBe(expected);
  });

  it('groups players into Linked, Pending and Unlinked in roster order; an unlisted player is in none', () => {
    const players = [
      { id: 'a', linkStatus: 'unlinked' },
      { id: 'b', linkStatus: 'linked' },
      { id: 'c', linkStatus: 'unlisted' },
      { id: 'd', linkStatus: 'pending' },
      { id: 'e', linkStatus: 'linked' },
    ] as const;
    const groups = groupPlayersByLink(players);
    expect({
      linked: groups.linked.map((p) => p.id),
      pending: groups.pending.map((p) => p.id),
      unlinked: groups.unlinked.map((p) => p.id),
    }).toEqual({ linked: ['b', 'e'], pending: ['d'], unlinked: ['a'] });
  });
});

describe('the add-player form', () => {
  it('needs a name; jersey number, parent email and name are optional and empty means none', () => {
    expect(addPlayerInputSchema.parse({ name: ' Mia ', jerseyNumber: '', parentEmail: '', parentName: '' })).toEqual({
      name: 'Mia',
      jerseyNumber: null,
      parentEmail: null,
      parentName: null,
    });
    const bad = addPlayerInputSchema.safeParse({ name: ' ', jerseyNumber: '1234', parentEmail: 'nope' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Player name is required'],
      ['jerseyNumber', 'Jersey number is one to three digits'],
      ['parentEmail', 'Invalid email'],
      ['parentName', "Enter the parent's name to send them an invitation"],
    ]);
  });

  it("asks for the parent's name when a parent email is given, and lower-cases the email", () => {
    const bad = addPlayerInputSchema.safeParse({ name: 'Mia', parentEmail: 'Dad@Example.com' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['parentName', "Enter the parent's name to send them an invitation"],
    ]);
    expect(
      addPlayerInputSchema.parse({ name: 'Mia', parentEmail: 'Dad@Example.com', parentName: 'Dan' }),
    ).toMatchObject({ parentEmail: 'dad@example.com', parentName: 'Dan' });
  });
});

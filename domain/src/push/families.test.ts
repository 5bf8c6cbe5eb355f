import { describe, expect, it } from 'vitest';
import { familiesOf } from './families.ts';

describe('familiesOf', () => {
  it('makes a household per player with their guardians, siblings sharing a guardian as one', () => {
    const families = familiesOf({
      players: [
        { id: 'ava', name: 'Ava' },
        { id: 'ben', name: 'Ben' },
        { id: 'cal', name: 'Cal' },
        { id: 'dee', name: 'Dee' },
      ],
      links: [
        { playerId: 'ava', userId: 'pat' },
        { playerId: 'ben', userId: 'pat' },
        { playerId: 'ben', userId: 'sam' },
        { playerId: 'cal', userId: 'quinn' },
        { playerId: 'cal', userId: 'cal-own' },
        { playerId: 'gone', userId: 'xena' },
      ],
      members: [
        { userId: 'coach', name: 'Cora Coach', manages: true },
        { userId: 'pat', name: 'Pat', manages: false },
        { userId: 'mo', name: 'Mo Member', manages: false },
        { userId: 'xena', name: 'Xena', manages: false },
      ],
    });
    expect(families).toEqual([
      { key: 'player:ava', name: 'Ava & Ben', userIds: ['pat', 'sam'] },
      { key: 'player:cal', name: 'Cal', userIds: ['quinn', 'cal-own'] },
      { key: 'player:dee', name: 'Dee', userIds: [] },
      { key: 'member:mo', name: 'Mo Member', userIds: ['mo'] },
      { key: 'member:xena', name: 'Xena', userIds: ['xena'] },
    ]);
  });

  it('counts a coach who is a guardian with the household, and a coach alone as no family', () => {
    const families = familiesOf({
      players: [{ id: 'eve', name: 'Eve' }],
      links: [{ playerId: 'eve', userId: 'coach' }],
      members: [
        { userId: 'coach', name: 'Cora Coach', manages: true },
        { userId: 'other-coach', name: 'Oscar', manages: true },
      ],
    });
    expect(families).toEqual([{ key: 'player:eve', name: 'Eve', userIds: ['coach'] }]);
  });
});

import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { playerDecider } from './decider.ts';
import type { PlayerEvent } from './events.ts';

const added: PlayerEvent = {
  type: 'PlayerAdded',
  data: { playerId: 'p1', teamId: 't1', name: 'Mia', jerseyNumber: '7', by: 'c1' },
};
const guardian = (userId: string, invitationId: string | null = 'i1'): PlayerEvent => ({
  type: 'GuardianLinked',
  data: { playerId: 'p1', teamId: 't1', userId, by: userId, invitationId },
});
const account = (userId: string): PlayerEvent => ({
  type: 'PlayerAccountLinked',
  data: { playerId: 'p1', teamId: 't1', userId, by: userId, invitationId: 'i2' },
});

const link = (userId: string, { invitationId = 'i1' as string | null, byCanManage = false, by = userId } = {}) => ({
  type: 'LinkGuardian' as const,
  data: { playerId: 'p1', teamId: 't1', userId, by, byCanManage, invitationId },
});
const unlink = (userId: string, by: string, byCanManage = false) => ({
  type: 'UnlinkGuardian' as const,
  data: { playerId: 'p1', teamId: 't1', userId, by, byCanManage },
});
const linkAccount = (userId: string, invitationId: string | null = 'i2', byCanManage = false) => ({
  type: 'LinkPlayerAccount' as const,
  data: { playerId: 'p1', teamId: 't1', userId, by: userId, byCanManage, invitationId },
});

describe('adding players', () => {
  const add = () => ({
    type: 'AddPlayer' as const,
    data: { playerId: 'p1', teamId: 't1', name: 'Mia', jerseyNumber: '7', by: 'c1' },
  });

  it('given nothing, when a manager adds a player, then the player is on the roster', () => {
    given(playerDecider).when(add()).then([added]);
  });

  it('refuses adding the same player twice', () => {
    given(playerDecider, [added]).when(add()).thenRefuses('PLAYER_EXISTS');
  });
});

describe('guardians', () => {
  it('given a player, when a parent accepts an invitation, then they are linked, with the invitation', () => {
    given(playerDecider, [added])
      .when(link('g1'))
      .then([guardian('g1')]);
  });

  it('given a linked guardian, when the link is made again (a retried acceptance), then nothing happens', () => {
    given(playerDecider, [added, guardian('g1')])
      .when(link('g1'))
      .then([]);
  });

  it('links several guardians to one player', () => {
    given(playerDecider, [added, guardian('g1')])
      .when(link('g2', { invitationId: 'i9' }))
      .then([guardian('g2', 'i9')]);
  });

  it('lets a manager link a member directly; refuses anyone else without an invitation', () => {
    given(playerDecider, [added])
      .when(link('g1', { invitationId: null, byCanManage: true, by: 'c1' }))
      .then([
        { type: 'GuardianLinked', data: { playerId: 'p1', teamId: 't1', userId: 'g1', by: 'c1', invitationId: null } },
      ]);
    given(playerDecider, [added])
      .when(link('g1', { invitationId: null }))
      .thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('given a guardian, when a manager or the guardian unlinks, then the link ends; others may not', () => {
    const ended = (by: string): PlayerEvent[] => [
      { type: 'GuardianUnlinked', data: { playerId: 'p1', teamId: 't1', userId: 'g1', by } },
    ];
    given(playerDecider, [added, guardian('g1')])
      .when(unlink('g1', 'c1', true))
      .then(ended('c1'));
    given(playerDecider, [added, guardian('g1')])
      .when(unlink('g1', 'g1'))
      .then(ended('g1'));
    given(playerDecider, [added, guardian('g1'), guardian('g2')])
      .when(unlink('g1', 'g2'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('refuses unlinking someone who is not linked (or no longer is)', () => {
    given(playerDecider, [added, guardian('g1'), ...[unlinkedEvent('g1')]])
      .when(unlink('g1', 'c1', true))
      .thenRefuses('GUARDIAN_NOT_LINKED');
  });

  it('given a player of another team, when a link names this team, then the player is not found', () => {
    given(playerDecider, [added])
      .when({ ...link('g1'), data: { ...link('g1').data, teamId: 't2' } })
      .thenRefuses('PLAYER_NOT_FOUND');
    given(playerDecider).when(link('g1')).thenRefuses('PLAYER_NOT_FOUND');
  });
});

function unlinkedEvent(userId: string): PlayerEvent {
  return { type: 'GuardianUnlinked', data: { playerId: 'p1', teamId: 't1', userId, by: 'c1' } };
}

describe('the player account (at most one)', () => {
  it('given a player, when a player accepts an invitation, then their account is the player’s', () => {
    given(playerDecider, [added])
      .when(linkAccount('k1'))
      .then([account('k1')]);
  });

  it('given the same account, when it is linked again, then nothing happens', () => {
    given(playerDecider, [added, account('k1')])
      .when(linkAccount('k1'))
      .then([]);
  });

  it('given an account, when another is linked, then it is refused until the first is unlinked', () => {
    given(playerDecider, [added, account('k1')])
      .when(linkAccount('k2'))
      .thenRefuses('PLAYER_ACCOUNT_TAKEN');
    const unlinked: PlayerEvent = {
      type: 'PlayerAccountUnlinked',
      data: { playerId: 'p1', teamId: 't1', userId: 'k1', by: 'c1' },
    };
    given(playerDecider, [added, account('k1')])
      .when({ type: 'UnlinkPlayerAccount', data: { playerId: 'p1', teamId: 't1', by: 'c1', byCanManage: true } })
      .then([unlinked]);
    given(playerDecider, [added, account('k1'), unlinked])
      .when(linkAccount('k2'))
      .then([account('k2')]);
  });

  it('lets the account unlink itself; refuses a stranger; refuses when none is linked', () => {
    const unlinkBy = (by: string) => ({
      type: 'UnlinkPlayerAccount' as const,
      data: { playerId: 'p1', teamId: 't1', by, byCanManage: false },
    });
    given(playerDecider, [added, account('k1')])
      .when(unlinkBy('k1'))
      .then([{ type: 'PlayerAccountUnlinked', data: { playerId: 'p1', teamId: 't1', userId: 'k1', by: 'k1' } }]);
    given(playerDecider, [added, account('k1')])
      .when(unlinkBy('g1'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
    given(playerDecider, [added]).when(unlinkBy('c1')).thenRefuses('PLAYER_ACCOUNT_NOT_LINKED');
  });

  it('refuses a direct link without an invitation from a non-manager', () => {
    given(playerDecider, [added]).when(linkAccount('k1', null)).thenRefuses('TEAM_MANAGERS_ONLY');
  });
});

describe('marking a player as an adult', () => {
  const setAdult = (adult: boolean, teamId = 't1') => ({
    type: 'SetPlayerAdult' as const,
    data: { playerId: 'p1', teamId, adult, by: 'c1' },
  });
  const adultSet = (adult: boolean): PlayerEvent => ({
    type: 'PlayerAdultSet',
    data: { playerId: 'p1', teamId: 't1', adult, by: 'c1' },
  });

  it('given a player, when a manager marks them adult, then the roster says so', () => {
    given(playerDecider, [added])
      .when(setAdult(true))
      .then([adultSet(true)]);
  });

  it('given an adult player, when a manager marks them a child again, then the roster says so', () => {
    given(playerDecider, [added, adultSet(true)])
      .when(setAdult(false))
      .then([adultSet(false)]);
  });

  it('given an adult player, when they are marked adult again, then nothing happens', () => {
    given(playerDecider, [added, adultSet(true)])
      .when(setAdult(true))
      .then([]);
    given(playerDecider, [added]).when(setAdult(false)).then([]);
  });

  // Only managers may: the route's rule (ADR 0028), tested over HTTP.
  it('refuses a player of another team', () => {
    given(playerDecider, [added]).when(setAdult(true, 't2')).thenRefuses('PLAYER_NOT_FOUND');
  });
});

import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { PlayerCommand } from './commands.ts';
import type { PlayerEvent } from './events.ts';

export type PlayerState =
  | { status: 'none' }
  | {
      status: 'active';
      playerId: string;
      teamId: string;
      guardians: ReadonlySet<string>;
      /** The one account that is this player, if any. */
      accountUserId: string | null;
      /** The roster says the player is an adult (their own account answers their consents). */
      adult: boolean;
    };

const managersOnly = () =>
  new DomainError('forbidden', 'TEAM_MANAGERS_ONLY', "Only the team's managers can change the roster");
const notFound = () => new DomainError('not_found', 'PLAYER_NOT_FOUND', 'Player not found');

/** The player of the command's team: a player id of another team is as unknown as a missing one. */
function existing(state: PlayerState, teamId: string) {
  if (state.status === 'none' || state.teamId !== teamId) throw notFound();
  return state;
}

export const playerDecider: Decider<PlayerCommand, PlayerEvent, PlayerState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'AddPlayer': {
        const { playerId, teamId, name, jerseyNumber, by } = command.data;
        if (state.status !== 'none') throw new DomainError('conflict', 'PLAYER_EXISTS', 'This player already exists');
        return [{ type: 'PlayerAdded', data: { playerId, teamId, name, jerseyNumber, by } }];
      }
      case 'LinkGuardian': {
        const { playerId, teamId, userId, by, byCanManage, invitationId } = command.data;
        const player = existing(state, teamId);
        if (invitationId === null && !byCanManage) throw managersOnly();
        // Linking twice is a no-op, so a retried acceptance completes without a second link.
        if (player.guardians.has(userId)) return [];
        return [{ type: 'GuardianLinked', data: { playerId, teamId, userId, by, invitationId } }];
      }
      case 'UnlinkGuardian': {
        const { playerId, teamId, userId, by, byCanManage } = command.data;
        const player = existing(state, teamId);
        if (!byCanManage && by !== userId) throw managersOnly();
        if (!player.guardians.has(userId)) {
          throw new DomainError('not_found', 'GUARDIAN_NOT_LINKED', 'This person is not linked to the player');
        }
        return [{ type: 'GuardianUnlinked', data: { playerId, teamId, userId, by } }];
      }
      case 'LinkPlayerAccount': {
        const { playerId, teamId, userId, by, byCanManage, invitationId } = command.data;
        const player = existing(state, teamId);
        if (invitationId === null && !byCanManage) throw managersOnly();
        if (player.accountUserId === userId) return [];
        if (player.accountUserId !== null) {
          throw new DomainError(
            'conflict',
            'PLAYER_ACCOUNT_TAKEN',
            'This player is already linked to another account; unlink it first',
          );
        }
        return [{ type: 'PlayerAccountLinked', data: { playerId, teamId, userId, by, invitationId } }];
      }
      case 'UnlinkPlayerAccount': {
        const { playerId, teamId, by, byCanManage } = command.data;
        const player = existing(state, teamId);
        const userId = player.accountUserId;
        if (userId === null) {
          throw new DomainError('not_found', 'PLAYER_ACCOUNT_NOT_LINKED', 'No account is linked to this player');
        }
        if (!byCanManage && by !== userId) throw managersOnly();
        return [{ type: 'PlayerAccountUnlinked', data: { playerId, teamId, userId, by } }];
      }
      case 'SetPlayerAdult': {
        const { playerId, teamId, adult, by } = command.data;
        const player = existing(state, teamId);
        // Saying again what the roster already says records nothing.
        if (player.adult === adult) return [];
        return [{ type: 'PlayerAdultSet', data: { playerId, teamId, adult, by } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PlayerAdded':
        return {
          status: 'active',
          playerId: event.data.playerId,
          teamId: event.data.teamId,
          guardians: new Set(),
          accountUserId: null,
          adult: false,
        };
      case 'GuardianLinked': {
        if (state.status !== 'active') return state;
        return { ...state, guardians: new Set([...state.guardians, event.data.userId]) };
      }
      case 'GuardianUnlinked': {
        if (state.status !== 'active') return state;
        const guardians = new Set(state.guardians);
        guardians.delete(event.data.userId);
        return { ...state, guardians };
      }
      case 'PlayerAccountLinked':
        return state.status === 'active' ? { ...state, accountUserId: event.data.userId } : state;
      case 'PlayerAccountUnlinked':
        return state.status === 'active' ? { ...state, accountUserId: null } : state;
      case 'PlayerAdultSet':
        return state.status === 'active' ? { ...state, adult: event.data.adult } : state;
    }
  },
};

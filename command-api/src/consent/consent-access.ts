import type { ReadModels } from '@sideline/projections';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canManageTeam, isStorableText } from '@sideline/domain';
import { findTeamForMember, isOrgAdminOfTeam, playerConsentRelation } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';

export const playerNotFound = () => new HttpError(404, 'PLAYER_NOT_FOUND', 'Player not found');

export interface ConsentReader {
  isGuardian: boolean;
  isAccount: boolean;
  /** The player's own account, and the roster says the player is an adult: they answer for themself. */
  isAdultPlayer: boolean;
  /** Manages the team (its managers, and its organization's admins who are members). */
  canManage: boolean;
  isOrgAdmin: boolean;
}

/**
 * Who may read a player's consents: the player's guardians, the player's own account, the team's
 * managers and its organization's admins. Anyone else (other members included) gets 404, as for
 * a player that does not exist.
 */
export async function requireConsentReader(
  db: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
  userId: string,
): Promise<ConsentReader> {
  const [relation, team, isOrgAdmin] = await Promise.all([
    playerConsentRelation(db, teamId, playerId, userId),
    findTeamForMember(db, teamId, userId),
    isOrgAdminOfTeam(db, teamId, userId),
  ]);
  if (!relation) throw playerNotFound();
  const canManage = team ? canManageTeam(await teamManagementFacts(db, team, userId)) : false;
  // A guardian or player whose team membership ended reads nothing of the team any more.
  const member = team !== null;
  const reader = {
    isGuardian: member && relation.isGuardian,
    isAccount: member && relation.isAccount,
    isAdultPlayer: member && relation.isAccount && relation.isAdult,
    canManage,
    isOrgAdmin,
  };
  if (!reader.isGuardian && !reader.isAccount && !reader.canManage && !reader.isOrgAdmin) throw playerNotFound();
  return reader;
}

/**
 * Who may answer a player's consents: a linked guardian who is a member of the team, or the
 * player's own account when the roster says the player is an adult. Unlike reading, anyone else
 * is told 403 (managers included): the rule is who answers, not who may know of the player. Only
 * a player not on the team is 404.
 */
export async function consentAnswerer(
  db: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
  userId: string,
): Promise<'guardian' | 'adultPlayer' | 'other'> {
  const [relation, team] = await Promise.all([
    playerConsentRelation(db, teamId, playerId, userId),
    findTeamForMember(db, teamId, userId),
  ]);
  if (!relation) throw playerNotFound();
  // A guardian or player whose team membership ended answers nothing for the team any more.
  if (!team) return 'other';
  if (relation.isGuardian) return 'guardian';
  return relation.isAccount && relation.isAdult ? 'adultPlayer' : 'other';
}

const BROWSER_MAX = 512;

/** Where an answer came from, as the ledger records it: the client address and its user agent. */
export function answerOrigin(request: FastifyRequest): { address: string | null; browser: string | null } {
  const agent = request.headers['user-agent'];
  const browser = typeof agent === 'string' && agent !== '' ? agent.slice(0, BROWSER_MAX) : null;
  return { address: request.ip || null, browser: browser && isStorableText(browser) ? browser : null };
}

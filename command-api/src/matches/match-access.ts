import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canManageTeam, ID_MESSAGE, isId, type Team } from '@sideline/domain';
import {
  findMatchRow,
  findTeamForMember,
  isOrgAdmin,
  listTeamsOfUser,
  onlyDeletedTeams,
  type MatchRow,
  orgIdsAdministeredBy,
  type ReadModels,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';
import { organizationOfToken, type ApiTokenTables } from '../tokens/api-tokens.ts';

export const matchNotFound = () => new HttpError(404, 'MATCH_NOT_FOUND', 'Match not found');
export const matchManagersOnly = () =>
  new HttpError(
    403,
    'MATCH_MANAGERS_ONLY',
    "Only the teams' coaches and the organization's admins can manage this match",
  );

export interface MatchStanding {
  canRead: boolean;
  canManage: boolean;
}

/**
 * Who may see and manage a match: members of either team (parents and players too) see it, the
 * organization's admins see it all, and a manager of either team (canManageTeam: its creator or an
 * assigned coach) or an admin of the organization manages it. A match of an independent team has
 * no organization: its team's members and managers alone; an opponent outside Sideline has none.
 * A deleted team has no members: a match against one is its other team's (and their admins').
 */
export async function matchStanding(db: Kysely<ReadModels>, match: MatchRow, userId: string): Promise<MatchStanding> {
  const [teamA, teamB, admin] = await Promise.all([
    findTeamForMember(db, match.teamA.id, userId),
    match.teamB.id === null ? null : findTeamForMember(db, match.teamB.id, userId),
    match.orgId ? isOrgAdmin(db, match.orgId, userId) : false,
  ]);
  const manages = admin || (await managesOneOf(db, [teamA, teamB], userId));
  return { canRead: admin || teamA !== null || teamB !== null, canManage: manages };
}

async function managesOneOf(
  db: Kysely<ReadModels>,
  teams: ReadonlyArray<Team | null>,
  userId: string,
): Promise<boolean> {
  const facts = await Promise.all(teams.map((team) => (team ? teamManagementFacts(db, team, userId) : null)));
  return facts.some((f) => f !== null && canManageTeam(f));
}

/** Whether the user manages one of the teams (canManageTeam). */
export async function managesAnyTeam(
  db: Kysely<ReadModels>,
  teamIds: readonly string[],
  userId: string,
): Promise<boolean> {
  const teams = await Promise.all(teamIds.map((teamId) => findTeamForMember(db, teamId, userId)));
  return managesOneOf(db, teams, userId);
}

/** The match, or null when there is none or every Sideline team of it was deleted (gone from every read). */
async function loadMatch(db: Kysely<ReadModels>, matchId: string): Promise<MatchRow | null> {
  if (!isId(matchId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { matchId: [ID_MESSAGE] });
  const match = await findMatchRow(db, matchId);
  return match && !onlyDeletedTeams(match) ? match : null;
}

/** The match for a signed-in reader; 404 for anyone outside both teams and the organization. */
export async function requireMatchReader(
  db: Kysely<ReadModels>,
  matchId: string,
  userId: string,
): Promise<{ match: MatchRow; canManage: boolean }> {
  const match = await loadMatch(db, matchId);
  if (!match) throw matchNotFound();
  const standing = await matchStanding(db, match, userId);
  if (!standing.canRead) throw matchNotFound();
  return { match, canManage: standing.canManage };
}

/** As requireMatchReader, then 403 for a reader who does not manage the match. */
export async function requireMatchManager(db: Kysely<ReadModels>, matchId: string, userId: string): Promise<MatchRow> {
  const { match, canManage } = await requireMatchReader(db, matchId, userId);
  if (!canManage) throw matchManagersOnly();
  return match;
}

/** What the caller may see of all matches: their teams', and all of their organizations'. */
export async function matchScope(db: Kysely<ReadModels>, userId: string) {
  const [teams, orgIds] = await Promise.all([listTeamsOfUser(db, userId), orgIdsAdministeredBy(db, userId)]);
  const facts = await Promise.all(teams.map((t) => teamManagementFacts(db, t, userId)));
  const managed = new Set(teams.filter((_t, i) => canManageTeam(facts[i]!)).map((t) => t.id));
  const admin = new Set(orgIds);
  return {
    teamIds: teams.map((t) => t.id),
    orgIds,
    canManage: (m: MatchRow) =>
      (m.orgId !== null && admin.has(m.orgId)) ||
      managed.has(m.teamA.id) ||
      (m.teamB.id !== null && managed.has(m.teamB.id)),
  };
}

/** Who reads: a signed-in user, or an analytics consumer with an organization's API token. */
export type Reader = { kind: 'user'; userId: string } | { kind: 'token'; orgId: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The reader of an analytics read (stat replays, box scores): `Authorization: Bearer` with an
 * API token takes precedence over the session; an unknown or revoked token is a 401.
 */
export async function analyticsReader(db: Kysely<ApiTokenTables>, request: FastifyRequest): Promise<Reader> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const token = BEARER.exec(header)?.[1];
    const orgId = token ? await organizationOfToken(db, token, new Date()) : null;
    if (!orgId) throw new HttpError(401, 'INVALID_TOKEN', 'This API token is not valid (revoked, or mistyped)');
    return { kind: 'token', orgId };
  }
  return { kind: 'user', userId: requireUserId(request) };
}

/**
 * The match for an analytics reader: a token opens only its organization's matches (an
 * independent team's match, outside any organization, opens by session only).
 */
export async function requireMatchForReader(
  db: Kysely<ReadModels>,
  matchId: string,
  reader: Reader,
): Promise<MatchRow> {
  if (reader.kind === 'user') return (await requireMatchReader(db, matchId, reader.userId)).match;
  const match = await loadMatch(db, matchId);
  if (!match || match.orgId !== reader.orgId) throw matchNotFound();
  return match;
}

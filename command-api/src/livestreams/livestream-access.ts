import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import { canManageTeam, ID_MESSAGE, isId } from '@sideline/domain';
import { findLivestreamRow, findTeamForMember, isOrgAdminOfTeam, type LivestreamRow } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';

export const livestreamNotFound = () => new HttpError(404, 'LIVESTREAM_NOT_FOUND', 'Livestream not found');
export const livestreamManagersOnly = () =>
  new HttpError(
    403,
    'LIVESTREAM_MANAGERS_ONLY',
    "Only the team's coaches and the organization's admins can manage its livestreams",
  );

export interface TeamStanding {
  /** A member of the team (or an admin of its organization). */
  member: boolean;
  /** Coach or creator of the team, or an admin of its organization (spec part 2 §6). */
  manager: boolean;
}

/** Where the user stands with a team: members read its livestreams, managers create and run them. */
export async function teamStanding(db: Kysely<ReadModels>, teamId: string, userId: string): Promise<TeamStanding> {
  const [team, orgAdmin] = await Promise.all([
    findTeamForMember(db, teamId, userId),
    isOrgAdminOfTeam(db, teamId, userId),
  ]);
  if (orgAdmin) return { member: true, manager: true };
  if (!team) return { member: false, manager: false };
  return { member: true, manager: canManageTeam(await teamManagementFacts(db, team, userId)) };
}

export async function loadLivestream(db: Kysely<ReadModels>, livestreamId: string): Promise<LivestreamRow> {
  if (!isId(livestreamId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { livestreamId: [ID_MESSAGE] });
  const row = await findLivestreamRow(db, livestreamId);
  // A deleted team's streams are out of every read, like the team.
  if (!row || row.teamDeleted) throw livestreamNotFound();
  return row;
}

/**
 * The stream for a reader: members of its team (and admins of its organization); a public
 * stream for anyone signed in. Others get 404: a private stream's existence never shows.
 */
export async function requireLivestreamReader(
  db: Kysely<ReadModels>,
  livestreamId: string,
  userId: string,
): Promise<{ row: LivestreamRow; standing: TeamStanding }> {
  const row = await loadLivestream(db, livestreamId);
  const standing = await teamStanding(db, row.teamId, userId);
  if (!standing.member && !row.isPublic) throw livestreamNotFound();
  return { row, standing };
}

/**
 * The stream for a player (HTTP-FLV, HLS playlist and segments): a public stream for anyone with
 * the link, signed in or not; a private one for members of its team only (401 signed out, 404
 * otherwise). A deleted team's stream is 404 for everyone.
 */
export async function requireLivestreamViewer(
  db: Kysely<ReadModels>,
  livestreamId: string,
  userId: string | null,
): Promise<LivestreamRow> {
  const row = await loadLivestream(db, livestreamId);
  if (row.isPublic) return row;
  if (!userId) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
  const standing = await teamStanding(db, row.teamId, userId);
  if (!standing.member) throw livestreamNotFound();
  return row;
}

export async function requireLivestreamManager(db: Kysely<ReadModels>, livestreamId: string, userId: string) {
  const found = await requireLivestreamReader(db, livestreamId, userId);
  if (!found.standing.member) throw livestreamNotFound();
  if (!found.standing.manager) throw livestreamManagersOnly();
  return found;
}

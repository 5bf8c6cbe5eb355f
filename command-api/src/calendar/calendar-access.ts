import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import { canManageTeamEvents } from '@sideline/domain';
import { findEventSeries, findTeamForMember, memberRole, type EventSeries } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';

export const eventNotFound = () => new HttpError(404, 'EVENT_NOT_FOUND', 'Event not found');
export const occurrenceNotFound = () =>
  new HttpError(404, 'OCCURRENCE_NOT_FOUND', 'This event does not happen at that date');

/**
 * Whether the signed-in member may create, change and delete the team's events: the team's
 * managers (creator, assigned coach, org admin), whatever their account role says.
 */
export async function canManage(db: Kysely<ReadModels>, teamId: string, userId: string): Promise<boolean> {
  const team = await findTeamForMember(db, teamId, userId);
  if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
  return canManageTeamEvents(await teamManagementFacts(db, team, userId));
}

/** The event of the team in the path; another team's event is 404, exactly like one that does not exist. */
export async function eventOfTeam(db: Kysely<ReadModels>, teamId: string, eventId: string): Promise<EventSeries> {
  const series = await findEventSeries(db, eventId);
  if (!series || series.teamId !== teamId) throw eventNotFound();
  return series;
}

/** The event of a path without its team, for a member of its team (404 for anyone else). */
export async function eventForMember(db: Kysely<ReadModels>, eventId: string, userId: string): Promise<EventSeries> {
  const series = await findEventSeries(db, eventId);
  if (!series || !(await memberRole(db, series.teamId, userId))) throw eventNotFound();
  return series;
}

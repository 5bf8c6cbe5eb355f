import { randomUUID } from 'node:crypto';
import { teamDecider, teamStream, type OrgTeam, type Season } from '@sideline/domain';
import { findOrgTeam, orgAccess } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { releaseTeamCode, reserveChosenTeamCode, reserveTeamCode } from '../teams/team-codes.ts';

export interface NewOrgTeam {
  season: Season;
  name: string;
  ageGroup: string | null;
  coachId: string | null;
  /** A code the admin chose (season teams page); otherwise a random one is reserved. */
  code?: string;
  by: string;
  byIsOrgAdmin: boolean;
}

/**
 * CreateOrgTeam for the console and the season page: the sport is the season's, the coach must
 * already be in the organization, the code is reserved before the event is appended.
 */
export async function createOrgTeam(ctx: FeatureContext, input: NewOrgTeam): Promise<OrgTeam> {
  const { db, handle } = ctx;
  const { season, name, ageGroup, coachId, by, byIsOrgAdmin } = input;
  if (coachId && !(await orgAccess(db, season.orgId, coachId))) {
    const message = 'Choose a coach from your organization';
    throw new HttpError(400, 'VALIDATION', message, { coachId: [message] });
  }
  const teamId = randomUUID();
  let code: string;
  if (input.code) {
    if (!(await reserveChosenTeamCode(db, teamId, input.code))) {
      const message = 'Another team already uses this code';
      throw new HttpError(409, 'TEAM_CODE_TAKEN', message, { code: [message] });
    }
    code = input.code;
  } else {
    code = await reserveTeamCode(db, teamId);
  }
  try {
    await handle(
      teamDecider,
      teamStream(teamId),
      {
        type: 'CreateOrgTeam',
        data: {
          teamId,
          orgId: season.orgId,
          seasonId: season.id,
          name,
          sport: season.sport,
          ageGroup,
          code,
          creatorId: by,
          coachId,
          byIsOrgAdmin,
        },
      },
      { actorId: by },
    );
  } catch (error) {
    await releaseTeamCode(db, teamId);
    throw error;
  }
  const team = await findOrgTeam(db, teamId, true);
  if (!team) throw new HttpError(503, 'NOT_READY', 'The team is still being set up; refresh in a moment', undefined, 1);
  return team;
}

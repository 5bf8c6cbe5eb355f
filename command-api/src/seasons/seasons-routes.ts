import { randomUUID } from 'node:crypto';
import type { ReadModels } from '@sideline/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  createSeasonTeamInputSchema,
  ID_MESSAGE,
  idSchema,
  isId,
  orgTeamSchema,
  seasonDecider,
  seasonInputSchema,
  seasonSchema,
  seasonStream,
  setSeasonActiveInputSchema,
  type Season,
} from '@sideline/domain';
import { findSeason, listOrganizationsOfUser, listOrgTeams, listSeasons, orgAccess } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { orgAdminsOnly, requireOrgAdmin, requireOrgMember } from '../orgs/org-access.ts';
import { createOrgTeam } from '../orgs/org-teams.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';

const orgParams = z.object({ orgId: idSchema });
const seasonParams = z.object({ seasonId: idSchema });
// fieldErrors is declared so the serializer keeps it on 400s.
const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

const seasonNotFound = () => new HttpError(404, 'SEASON_NOT_FOUND', 'Season not found');

interface SeasonAccess {
  season: Season;
  isAdmin: boolean;
}

/** The season and the caller's standing in its organization; 404 when either is missing. */
async function requireSeason(db: Kysely<ReadModels>, seasonId: string, userId: string): Promise<SeasonAccess> {
  if (!isId(seasonId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { seasonId: [ID_MESSAGE] });
  const season = await findSeason(db, seasonId, new Date());
  const access = season ? await orgAccess(db, season.orgId, userId) : null;
  if (!season || !access) throw seasonNotFound();
  return { season, isAdmin: access.isAdmin };
}

export const seasonsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const seasons = new WeakMap<FastifyRequest, SeasonAccess>();

  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // Another club's season is 404, and a member who is not an admin 403, before the payload is read.
  const season =
    (adminOnly: boolean) =>
    async (request: FastifyRequest): Promise<void> => {
      const { seasonId } = request.params as { seasonId?: unknown };
      if (typeof seasonId !== 'string') return;
      const found = await requireSeason(db, seasonId, requireUserId(request));
      if (adminOnly && !found.isAdmin) throw orgAdminsOnly();
      seasons.set(request, found);
    };
  const seasonOf = (request: FastifyRequest): SeasonAccess => {
    const found = seasons.get(request);
    if (!found) throw seasonNotFound();
    return found;
  };
  const org =
    (check: typeof requireOrgMember) =>
    async (request: FastifyRequest): Promise<void> => {
      const { orgId } = request.params as { orgId?: unknown };
      if (typeof orgId === 'string') await check(db, orgId, requireUserId(request));
    };
  const reread = async (seasonId: string) => {
    const found = await findSeason(db, seasonId, new Date());
    if (!found) throw seasonNotFound();
    return found;
  };

  app.get(
    '/api/seasons',
    {
      schema: {
        tags: ['seasons'],
        summary: "The seasons of the caller's organizations, latest start first",
        response: { 200: z.array(seasonSchema) },
      },
    },
    async (request) => {
      const organizations = await listOrganizationsOfUser(db, requireUserId(request));
      return listSeasons(
        db,
        organizations.map((o) => o.id),
        new Date(),
      );
    },
  );

  app.get(
    '/api/organizations/:orgId/seasons',
    {
      schema: {
        tags: ['seasons'],
        summary: "The organization's seasons, latest start first",
        params: orgParams,
        response: { 200: z.array(seasonSchema), 404: errorBody },
      },
      preValidation: org(requireOrgMember),
    },
    async (request) => listSeasons(db, [request.params.orgId], new Date()),
  );

  app.post(
    '/api/organizations/:orgId/seasons',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Create a season (admins)',
        params: orgParams,
        body: seasonInputSchema,
        response: { 201: seasonSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: org(requireOrgAdmin),
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const seasonId = randomUUID();
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        {
          type: 'CreateSeason',
          data: { seasonId, orgId: request.params.orgId, ...request.body, by, byIsOrgAdmin: true },
        },
        { actorId: by },
      );
      return reply.status(201).send(await reread(seasonId));
    },
  );

  app.get(
    '/api/seasons/:seasonId',
    {
      schema: {
        summary: 'One season of an organization the caller belongs to',
        tags: ['seasons'],
        params: seasonParams,
        response: { 200: seasonSchema, 404: errorBody },
      },
      preValidation: season(false),
    },
    async (request) => seasonOf(request).season,
  );

  app.put(
    '/api/seasons/:seasonId',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Edit a season: name, sport, dates, and whether it is active (admins)',
        params: seasonParams,
        body: seasonInputSchema,
        response: { 200: seasonSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: season(true),
    },
    async (request) => {
      const by = requireUserId(request);
      const { seasonId } = request.params;
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'UpdateSeason', data: { seasonId, ...request.body, by, byIsOrgAdmin: seasonOf(request).isAdmin } },
        { actorId: by },
      );
      return reread(seasonId);
    },
  );

  app.patch(
    '/api/seasons/:seasonId',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Activate or deactivate a season (admins)',
        params: seasonParams,
        body: setSeasonActiveInputSchema,
        response: { 200: seasonSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: season(true),
    },
    async (request) => {
      const by = requireUserId(request);
      const { seasonId } = request.params;
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        {
          type: 'SetSeasonActive',
          data: { seasonId, isActive: request.body.isActive, by, byIsOrgAdmin: seasonOf(request).isAdmin },
        },
        { actorId: by },
      );
      return reread(seasonId);
    },
  );

  app.delete(
    '/api/seasons/:seasonId',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Delete a season without teams (admins); one with teams answers 409',
        params: seasonParams,
        response: { 204: z.null(), 403: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: season(true),
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const { seasonId } = request.params;
      const { season: found, isAdmin } = seasonOf(request);
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'DeleteSeason', data: { seasonId, teamCount: found.teamCount, by, byIsOrgAdmin: isAdmin } },
        { actorId: by },
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/seasons/:seasonId/teams',
    {
      schema: {
        tags: ['seasons'],
        summary: "The season's teams, oldest first (join codes for admins only)",
        params: seasonParams,
        response: { 200: z.array(orgTeamSchema), 404: errorBody },
      },
      preValidation: season(false),
    },
    async (request) => {
      const { season: found, isAdmin } = seasonOf(request);
      return listOrgTeams(db, found.orgId, { withCodes: isAdmin, seasonId: found.id });
    },
  );

  app.post(
    '/api/seasons/:seasonId/teams',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Add a team to the season (admins): name, code, age group and a coach from the organization',
        params: seasonParams,
        body: createSeasonTeamInputSchema,
        response: { 201: orgTeamSchema, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: season(true),
    },
    async (request, reply) => {
      const { season: found, isAdmin } = seasonOf(request);
      const { name, code, ageGroup, coachId } = request.body;
      const team = await createOrgTeam(ctx, {
        season: found,
        name,
        code,
        ageGroup,
        coachId,
        by: requireUserId(request),
        byIsOrgAdmin: isAdmin,
      });
      return reply.status(201).send(team);
    },
  );
};

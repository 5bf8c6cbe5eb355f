import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOrgAdminInputSchema,
  createOrganizationInputSchema,
  createOrgTeamInputSchema,
  idSchema,
  orgActivityQuerySchema,
  orgActivitySchema,
  orgDecider,
  organizationSchema,
  orgMemberSchema,
  orgSettingsSchema,
  orgStatsSchema,
  orgStream,
  orgTeamSchema,
  updateOrgSettingsInputSchema,
} from '@sideline/domain';
import {
  findOrganization,
  findOrgSettings,
  orgConsentSettings,
  findSeason,
  listOrganizationsOfUser,
  listOrgActivity,
  listOrgMembers,
  listOrgTeams,
  orgAccess,
  orgStats,
  type OrgAccess,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { orgNotFound, requireOrgAdmin, requireOrgMember } from './org-access.ts';
import { createOrgTeam } from './org-teams.ts';

const orgParams = z.object({ orgId: idSchema });
const adminParams = z.object({ orgId: idSchema, userId: idSchema });
// fieldErrors is declared so the serializer keeps it on 400s.
const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export const orgsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const access = new WeakMap<FastifyRequest, OrgAccess>();

  // Signed-out callers get 401 before their payload is even validated.
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // Another club's organization is 404, and a member who is not an admin 403, before the payload is read.
  const as = (check: typeof requireOrgMember) => async (request: FastifyRequest) => {
    const { orgId } = request.params as { orgId?: unknown };
    if (typeof orgId === 'string') access.set(request, await check(db, orgId, requireUserId(request)));
  };
  const member = as(requireOrgMember);
  const admin = as(requireOrgAdmin);
  const accessOf = (request: FastifyRequest): OrgAccess => {
    const found = access.get(request);
    if (!found) throw orgNotFound();
    return found;
  };
  const organizationFor = async (orgId: string, userId: string) => {
    const organization = await findOrganization(db, orgId, userId);
    if (!organization) throw orgNotFound();
    return organization;
  };

  app.post(
    '/api/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Start an organization (any signed-in user); the creator becomes its admin',
        body: createOrganizationInputSchema,
        response: { 201: organizationSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const orgId = randomUUID();
      await handle(
        orgDecider,
        orgStream(orgId),
        { type: 'CreateOrganization', data: { orgId, creatorId: userId, ...request.body } },
        { actorId: userId },
      );
      return reply.status(201).send(await organizationFor(orgId, userId));
    },
  );

  app.get(
    '/api/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: "The caller's organizations: those they administer first, then those of their teams",
        response: { 200: z.array(organizationSchema) },
      },
    },
    async (request) => listOrganizationsOfUser(db, requireUserId(request)),
  );

  app.get(
    '/api/organizations/:orgId',
    {
      schema: {
        summary: 'One organization the caller administers or plays, coaches or parents in',
        tags: ['organizations'],
        params: orgParams,
        response: { 200: organizationSchema, 404: errorBody },
      },
      preValidation: member,
    },
    async (request) => organizationFor(request.params.orgId, requireUserId(request)),
  );

  app.get(
    '/api/organizations/:orgId/stats',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Teams, members, events this month and messages this week, in the org’s time zone (admins)',
        params: orgParams,
        response: { 200: orgStatsSchema, 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request) => orgStats(db, request.params.orgId, new Date()),
  );

  app.get(
    '/api/organizations/:orgId/teams',
    {
      schema: {
        tags: ['organizations'],
        summary: "The organization's teams, oldest first (join codes for admins only)",
        params: orgParams,
        response: { 200: z.array(orgTeamSchema), 404: errorBody },
      },
      preValidation: member,
    },
    async (request) => listOrgTeams(db, request.params.orgId, { withCodes: accessOf(request).isAdmin }),
  );

  app.post(
    '/api/organizations/:orgId/teams',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Create a team in one of the organization’s seasons (admins); sport from the season, random code',
        params: orgParams,
        body: createOrgTeamInputSchema,
        response: { 201: orgTeamSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const { seasonId, name, ageGroup, coachId } = request.body;
      const season = await findSeason(db, seasonId, new Date());
      if (!season || season.orgId !== request.params.orgId) {
        const message = 'Choose a season of this organization';
        throw new HttpError(400, 'VALIDATION', message, { seasonId: [message] });
      }
      const team = await createOrgTeam(ctx, { season, name, ageGroup, coachId, by, byIsOrgAdmin: true });
      return reply.status(201).send(team);
    },
  );

  app.get(
    '/api/organizations/:orgId/members',
    {
      schema: {
        tags: ['organizations'],
        summary: "The organization's admins and the members of its teams, with their role in it (emails for admins)",
        params: orgParams,
        response: { 200: z.array(orgMemberSchema), 404: errorBody },
      },
      preValidation: member,
    },
    async (request) => listOrgMembers(db, request.params.orgId, { withEmails: accessOf(request).isAdmin }),
  );

  app.get(
    '/api/organizations/:orgId/activity',
    {
      schema: {
        tags: ['organizations'],
        summary: 'What happened lately in the organization and its teams, newest first (admins)',
        params: orgParams,
        querystring: orgActivityQuerySchema,
        response: { 200: z.array(orgActivitySchema), 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request) => listOrgActivity(db, request.params.orgId, request.query.limit),
  );

  const settingsOf = async (orgId: string) => {
    const [settings, consent] = await Promise.all([findOrgSettings(db, orgId), orgConsentSettings(db, orgId)]);
    if (!settings) throw orgNotFound();
    return { ...settings, consent };
  };

  app.get(
    '/api/organizations/:orgId/settings',
    {
      schema: {
        tags: ['organizations'],
        summary: "The organization's settings (admins)",
        params: orgParams,
        response: { 200: orgSettingsSchema, 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request) => settingsOf(request.params.orgId),
  );

  app.patch(
    '/api/organizations/:orgId/settings',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Change any of the settings (admins); only the changed ones are recorded',
        params: orgParams,
        body: updateOrgSettingsInputSchema,
        response: { 200: orgSettingsSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request) => {
      const by = requireUserId(request);
      const { orgId } = request.params;
      await handle(
        orgDecider,
        orgStream(orgId),
        { type: 'UpdateOrgSettings', data: { orgId, settings: request.body, by } },
        { actorId: by },
      );
      return settingsOf(orgId);
    },
  );

  app.post(
    '/api/organizations/:orgId/admins',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Make a member of the organization one of its admins (admins)',
        params: orgParams,
        body: addOrgAdminInputSchema,
        response: { 200: orgMemberSchema, 403: errorBody, 404: errorBody },
      },
      preValidation: admin,
    },
    async (request) => {
      const by = requireUserId(request);
      const { orgId } = request.params;
      const { userId } = request.body;
      const isMember = (await orgAccess(db, orgId, userId)) !== null;
      await handle(
        orgDecider,
        orgStream(orgId),
        { type: 'AddOrgAdmin', data: { orgId, userId, by, isMember } },
        { actorId: by },
      );
      const added = (await listOrgMembers(db, orgId, { withEmails: true })).find((m) => m.id === userId);
      if (!added) throw new HttpError(404, 'MEMBER_NOT_FOUND', 'This person is not a member of the organization');
      return added;
    },
  );

  app.delete(
    '/api/organizations/:orgId/admins/:userId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Take admin rights away (admins); the last admin stays',
        params: adminParams,
        response: { 204: z.null(), 403: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const { orgId, userId } = request.params;
      await handle(
        orgDecider,
        orgStream(orgId),
        { type: 'RemoveOrgAdmin', data: { orgId, userId, by } },
        { actorId: by },
      );
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { resolveAdminOrg } from './admin-access.ts';
import { adminStatsRoutes } from './admin-stats-routes.ts';
import { adminSeasonsRoutes } from './admin-seasons-routes.ts';
import { adminTeamsRoutes } from './admin-teams-routes.ts';
import { adminMatchesRoutes } from './admin-matches-routes.ts';
import { adminPeopleRoutes } from './admin-people-routes.ts';
import { adminMediaRoutes } from './admin-media-routes.ts';
import { adminSettingsRoutes } from './admin-settings-routes.ts';
import { adminActivityRoutes } from './admin-activity-routes.ts';
import { adminSafeguardingRoutes } from './admin-safeguarding-routes.ts';

/**
 * The admin portal's API (spec part 2 §7 `/api/admin/*`), one module per resource as the web
 * portal is, each call scoped to the caller's organization (see resolveAdminOrg): another
 * organization's ids answer 404. The hooks here hold for every route registered below.
 */
export const adminRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // Before validation: a non-admin learns nothing from a validation error.
  app.addHook('preValidation', async (request) => {
    await resolveAdminOrg(ctx.db, request);
  });
  await app.register(adminStatsRoutes, ctx);
  await app.register(adminSeasonsRoutes, ctx);
  await app.register(adminTeamsRoutes, ctx);
  await app.register(adminMatchesRoutes, ctx);
  await app.register(adminPeopleRoutes, ctx);
  await app.register(adminMediaRoutes, ctx);
  await app.register(adminSettingsRoutes, ctx);
  await app.register(adminActivityRoutes, ctx);
  await app.register(adminSafeguardingRoutes, ctx);
};

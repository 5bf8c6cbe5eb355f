import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScopeQuerySchema, adminStatsSchema } from '@sideline/domain';
import {
  adminCounts,
  adminLiveMatches,
  adminUpcomingMatches,
  LIVE_MATCHES_SHOWN,
  recentAdminActivity,
} from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg } from './admin-access.ts';
import { errors, tags } from './admin-route-schemas.ts';

/** The dashboard's figures: counts, upcoming and live matches, recent activity. */
export const adminStatsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.get(
    '/api/admin/stats',
    {
      schema: {
        tags,
        summary:
          'Dashboard: Total Teams, Active Players, Scheduled Matches, Attendance Rate; Live now (matches in progress: `liveNow`, and the first 5 with score and minute in `liveMatches`); 3 upcoming matches, 5 recent activities',
        querystring: adminScopeQuerySchema,
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const now = new Date();
      const [counts, live, upcomingMatches, recentActivity] = await Promise.all([
        adminCounts(db, org.orgId, now),
        adminLiveMatches(db, org.orgId, now, LIVE_MATCHES_SHOWN),
        adminUpcomingMatches(db, org.orgId, now, 3),
        recentAdminActivity(db, org.orgId, 5),
      ]);
      return { orgId: org.orgId, orgName: org.name, ...counts, ...live, upcomingMatches, recentActivity };
    },
  );
};

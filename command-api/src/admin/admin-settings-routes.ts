import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminScopeQuerySchema,
  adminSettingsPatchSchema,
  adminSettingsSchema,
  orgDecider,
  orgStream,
} from '@sideline/domain';
import { findOrgSettings, orgConsentSettings } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg, adminNotFound } from './admin-access.ts';
import { errors, tags } from './admin-route-schemas.ts';

/** The organization's settings. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const settingsOf = async (orgId: string) => {
    const [settings, consent] = await Promise.all([findOrgSettings(db, orgId), orgConsentSettings(db, orgId)]);
    if (!settings) throw adminNotFound('Organization not found');
    return { ...settings, consent };
  };

  app.get(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary: "The organization's settings",
        querystring: adminScopeQuerySchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    async (request) => settingsOf(adminOrg(request).orgId),
  );

  app.patch(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary: 'Change any of the settings; only the changed ones are recorded',
        querystring: adminScopeQuerySchema,
        body: adminSettingsPatchSchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const by = requireUserId(request);
      await handle(
        orgDecider,
        orgStream(orgId),
        { type: 'UpdateOrgSettings', data: { orgId, settings: request.body, by } },
        { actorId: by },
      );
      return settingsOf(orgId);
    },
  );
};

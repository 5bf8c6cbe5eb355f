import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminConsentRowSchema,
  adminConsentsQuerySchema,
  consentKinds,
  idSchema,
  orgConsentDecider,
  orgConsentSettingsSchema,
  orgConsentStream,
  playerConsentDecider,
  playerConsentStream,
  playerConsentsSchema,
  rosterAtQuerySchema,
  teamConsentSummarySchema,
  updateConsentsInputSchema,
  updateOrgConsentSettingsInputSchema,
  type AdminConsentRow,
} from '@sideline/domain';
import {
  adminConsentRows,
  orgConsentSettings,
  playerConsents,
  teamConsentSettings,
  teamConsentSummary,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireOrgAdmin } from '../orgs/org-access.ts';
import { resolveAdminOrg } from '../admin/admin-access.ts';
import { teamAndManagement } from '../players/team-manager.ts';
import { answerOrigin, consentAnswerer, requireConsentReader } from './consent-access.ts';

const errorBody = z.object({ message: z.string(), code: z.string() });
/** CONSENT_TEXT_OUTDATED names the wording now in force, so the client shows it again. */
const outdatedBody = errorBody.extend({ currentTextVersion: z.number().int().optional() });
const playerParams = z.object({ teamId: idSchema, playerId: idSchema });
const teamParams = z.object({ teamId: idSchema });
const orgParams = z.object({ orgId: idSchema });
const tags = ['consent'];

/** CSV cell: quoted when needed; a leading =,+,-,@ is neutralised so a spreadsheet runs no formula. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const csvColumns = [
  'teamId',
  'teamName',
  'playerId',
  'playerName',
  ...consentKinds,
  'lastChangedAt',
  'outdated',
] as const satisfies readonly (keyof AdminConsentRow)[];
const csvOf = (rows: readonly AdminConsentRow[]) =>
  [csvColumns.join(','), ...rows.map((r) => csvColumns.map((c) => csvCell(String(r[c] ?? '') || null)).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

/**
 * Consent for children's photos, streams and data (ADR 0026): a player's three consents and their
 * ledger, the organization's wording, and the admins' overview.
 */
export const consentRoutes: FastifyPluginAsyncZod<FeatureContext & { clock?: () => Date }> = async (app, ctx) => {
  const { db, handle } = ctx;
  const clock = ctx.clock ?? (() => new Date());
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.get(
    '/api/teams/:teamId/players/:playerId/consents',
    {
      schema: {
        tags,
        summary:
          "A player's photo, livestream and public consents and their ledger, newest first (the player's guardians and account, the team's managers, the organization's admins); `at` (ISO): as they stood then",
        params: playerParams,
        querystring: rosterAtQuerySchema,
        response: { 200: playerConsentsSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId, playerId } = request.params;
      const reader = await requireConsentReader(db, teamId, playerId, userId);
      const { at } = request.query;
      return playerConsents(db, teamId, playerId, {
        canAnswer: reader.isGuardian || reader.isAdultPlayer,
        ...(at ? { at: new Date(at) } : {}),
      });
    },
  );

  app.put(
    '/api/teams/:teamId/players/:playerId/consents',
    {
      schema: {
        tags,
        summary:
          "Answer some of a player's consents under the wording shown (`textVersion`); a linked guardian only, or the player's own account when the roster says the player is an adult (403 for anyone else, managers included; 404 for a player not on the team). 409 CONSENT_TEXT_OUTDATED when the wording has changed",
        params: playerParams,
        body: updateConsentsInputSchema,
        response: { 200: playerConsentsSchema, 403: errorBody, 404: errorBody, 409: outdatedBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId, playerId } = request.params;
      const actor = await consentAnswerer(db, teamId, playerId, userId);
      const { textVersion, ...answers } = request.body;
      const settings = await teamConsentSettings(db, teamId);
      const at = clock();
      await handle(
        playerConsentDecider,
        playerConsentStream(playerId),
        {
          type: 'AnswerConsents',
          data: {
            playerId,
            teamId,
            answers,
            textVersion,
            currentTextVersion: settings.version,
            by: userId,
            // A guardian answers for a child; an adult player's own account for themself (ADR 0026).
            actor,
            ...answerOrigin(request),
            at: at.toISOString(),
          },
        },
        { actorId: userId, now: at },
      );
      return playerConsents(db, teamId, playerId, { canAnswer: true });
    },
  );

  app.get(
    '/api/teams/:teamId/consents',
    {
      schema: {
        tags,
        summary:
          "Per player of the roster, whether each consent counts as given now, and how many lack each (the team's managers)",
        params: teamParams,
        response: { 200: teamConsentSummarySchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      const { canManage } = await teamAndManagement(db, teamId, userId);
      if (!canManage) throw new HttpError(403, 'TEAM_MANAGERS_ONLY', "Only the team's managers can see its consents");
      return teamConsentSummary(db, teamId);
    },
  );

  app.get(
    '/api/organizations/:orgId/settings/consent',
    {
      schema: {
        tags,
        summary:
          "The organization's consent wording (with its version) and how unanswered team-only consent counts (admins)",
        params: orgParams,
        response: { 200: orgConsentSettingsSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { orgId } = request.params;
      await requireOrgAdmin(db, orgId, requireUserId(request));
      return orgConsentSettings(db, orgId);
    },
  );

  app.put(
    '/api/organizations/:orgId/settings/consent',
    {
      schema: {
        tags,
        summary:
          'Change the consent wording (a new version: every answer given under an older one is flagged and asked again) or the rule for unanswered consent (admins)',
        params: orgParams,
        body: updateOrgConsentSettingsInputSchema,
        response: { 200: orgConsentSettingsSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { orgId } = request.params;
      await requireOrgAdmin(db, orgId, by);
      await handle(
        orgConsentDecider,
        orgConsentStream(orgId),
        { type: 'UpdateOrgConsentSettings', data: { orgId, ...request.body, by, byIsOrgAdmin: true } },
        { actorId: by, now: clock() },
      );
      return orgConsentSettings(db, orgId);
    },
  );

  app.get(
    '/api/admin/consents',
    {
      // Before validation: a non-admin learns nothing from a validation error.
      preValidation: async (request) => {
        await resolveAdminOrg(db, request);
      },
      schema: {
        tags: ['admin'],
        summary:
          "Per team and player of the organization, each consent's state and when it last changed; `teamId` narrows to one team, `format=csv` exports it",
        querystring: adminConsentsQuerySchema.extend({ orgId: idSchema.optional() }),
        response: {
          200: z.array(adminConsentRowSchema).or(z.string().describe('format=csv: the same rows as text/csv')),
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const org = await resolveAdminOrg(db, request);
      const { teamId, format } = request.query;
      const rows = await adminConsentRows(db, org.orgId, teamId);
      // A team of another organization is as unknown as a missing one.
      if (teamId && !(await teamOfOrg(teamId, org.orgId))) throw new HttpError(404, 'NOT_FOUND', 'Team not found');
      if (format === 'csv') {
        // A string with its own type is sent as is, past the JSON serializer.
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="consents-${clock().toISOString().slice(0, 10)}.csv"`)
          .send(csvOf(rows));
      }
      return rows;
    },
  );

  async function teamOfOrg(teamId: string, orgId: string): Promise<boolean> {
    const row = await db
      .selectFrom('teams')
      .select('id')
      .where('id', '=', teamId)
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
};

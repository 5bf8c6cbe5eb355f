import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityCsvColumns,
  adminAccessQuerySchema,
  adminAccessSchema,
  adminActivityPageSchema,
  adminActivityQuerySchema,
  adminActivityTypesSchema,
  adminMatchSchema,
  adminMediaQuerySchema,
  adminMediaSchema,
  adminMessageHistorySchema,
  adminPeopleQuerySchema,
  adminPersonPatchSchema,
  adminPersonSchema,
  adminRsvpQuerySchema,
  adminScopeQuerySchema,
  adminSeasonPatchSchema,
  adminSeasonSchema,
  adminSettingsPatchSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminTeamSchema,
  allEventTypes,
  canManageMedia,
  idSchema,
  matchDecider,
  matchStream,
  mediaDecider,
  mediaStream,
  orgDecider,
  orgStream,
  rsvpLedgerEntrySchema,
  seasonDecider,
  seasonStream,
  teamDecider,
  teamStream,
  type AdminActivity,
  type AdminSeason,
  type AssignedRole,
} from '@sideline/domain';
import {
  accessAt,
  adminCounts,
  adminLiveMatches,
  adminUpcomingMatches,
  findMedia,
  findOrgSettings,
  findSeason,
  listActivityPage,
  listAdminMatches,
  listAdminMedia,
  listAdminPeople,
  listAdminTeams,
  listRsvpLedger,
  LIVE_MATCHES_SHOWN,
  listSeasons,
  messageHistory,
  orgAccess,
  orgTeamRolesOf,
  recentAdminActivity,
  seasonMatchCounts,
  streamActivity,
  type ActivityFilter,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { removeFiles, uploadPath } from '../media/media-storage.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { adminNotFound, adminOrg, resolveAdminOrg } from './admin-access.ts';
import { chatService } from '../chat/chat-service.ts';
import { revokeOrgFeedTokens } from '../calendar/feed-tokens.ts';
import { cancelMatchesOfDeletedTeam } from '../matches/index.ts';

const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: idSchema });
const tags = ['admin'];

/** CSV cell: quoted when needed; a leading =,+,-,@ is neutralised so a spreadsheet runs no formula. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const csvLine = (a: AdminActivity) => `${activityCsvColumns.map((c) => csvCell(a[c])).join(',')}\r\n`;

/**
 * The admin portal's API (spec part 2 §7 `/api/admin/*`), each call scoped to the caller's
 * organization (see resolveAdminOrg): another organization's ids answer 404.
 */
export const adminRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const chat = chatService(ctx);
  app.addHook('onClose', async () => chat.close());

  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // Before validation: a non-admin learns nothing from a validation error.
  app.addHook('preValidation', async (request) => {
    await resolveAdminOrg(db, request);
  });

  const seasonsOf = async (orgId: string, now: Date): Promise<AdminSeason[]> => {
    const [seasons, counts] = await Promise.all([listSeasons(db, [orgId], now), seasonMatchCounts(db, orgId)]);
    return seasons.map((s) => ({ ...s, matchCount: counts.get(s.id) ?? 0 }));
  };
  const requireSeason = async (orgId: string, seasonId: string) => {
    const season = (await seasonsOf(orgId, new Date())).find((s) => s.id === seasonId);
    if (!season) throw adminNotFound('Season not found');
    return season;
  };

  // ---- dashboard ----------------------------------------------------------------------------

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

  // ---- seasons --------------------------------------------------------------------------------

  app.get(
    '/api/admin/seasons',
    {
      schema: {
        tags,
        summary: "The organization's seasons with team and match counts",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminSeasonSchema), ...errors },
      },
    },
    async (request) => seasonsOf(adminOrg(request).orgId, new Date()),
  );

  app.patch(
    '/api/admin/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a season',
        params: idParams,
        querystring: adminScopeQuerySchema,
        body: adminSeasonPatchSchema,
        response: { 200: adminSeasonSchema, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const seasonId = request.params.id;
      await requireSeason(org.orgId, seasonId);
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'SetSeasonActive', data: { seasonId, isActive: request.body.isActive, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      return requireSeason(org.orgId, seasonId);
    },
  );

  app.delete(
    '/api/admin/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Delete a season without teams; one with teams answers 409',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const seasonId = request.params.id;
      const season = await findSeason(db, seasonId, new Date());
      if (!season || season.orgId !== org.orgId) throw adminNotFound('Season not found');
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'DeleteSeason', data: { seasonId, teamCount: season.teamCount, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      return reply.status(204).send(null);
    },
  );

  // ---- teams ----------------------------------------------------------------------------------

  app.get(
    '/api/admin/teams',
    {
      schema: {
        tags,
        summary: "The organization's teams",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminTeamSchema), ...errors },
      },
    },
    async (request) => listAdminTeams(db, adminOrg(request)),
  );

  app.get(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'One team of the organization',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminTeamSchema, ...errors },
      },
    },
    async (request) => {
      const [team] = await listAdminTeams(db, adminOrg(request), request.params.id);
      if (!team) throw adminNotFound('Team not found');
      return team;
    },
  );

  app.delete(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team: hidden from every read, its history kept',
        description:
          "The team leaves every list and read of the organization and of its members, and its members lose access to it: a deleted team answers 404. Its matches still scheduled or in progress are cancelled. A completed match against a team that still exists stays in that team's results, the deleted team named as it was (its players are not shown); a match of deleted teams only (or of the deleted team against an opponent not on Sideline) answers 404. Nothing is erased: its history (messages, events, matches) stays in the event log and the activity audit.",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const teamId = request.params.id;
      const [team] = await listAdminTeams(db, org, teamId);
      if (!team) throw adminNotFound('Team not found');
      await handle(
        teamDecider,
        teamStream(teamId),
        { type: 'DeleteTeam', data: { teamId, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      // The team is deleted whatever happens next: matches left open are cancelled at the next start.
      await cancelMatchesOfDeletedTeam(ctx, teamId).catch((err: unknown) =>
        ctx.logger.warn({ err, teamId }, 'the matches of a deleted team could not all be cancelled'),
      );
      return reply.status(204).send(null);
    },
  );

  // ---- matches --------------------------------------------------------------------------------

  app.get(
    '/api/admin/matches',
    {
      schema: {
        tags,
        summary: "The organization's matches: those in progress first, then latest first",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminMatchSchema), ...errors },
      },
    },
    async (request) => listAdminMatches(db, adminOrg(request).orgId),
  );

  app.delete(
    '/api/admin/matches/:id',
    {
      schema: {
        tags,
        summary: 'Cancel Match: a scheduled or live match becomes cancelled (its history stays); 409 when finished',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMatchSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const matchId = request.params.id;
      const [match] = await listAdminMatches(db, org.orgId, matchId);
      if (!match) throw adminNotFound('Match not found');
      await handle(
        matchDecider,
        matchStream(matchId),
        { type: 'CancelMatch', data: { matchId, by, at: new Date().toISOString() } },
        { actorId: by },
      );
      const [cancelled] = await listAdminMatches(db, org.orgId, matchId);
      return cancelled!;
    },
  );

  // ---- people ---------------------------------------------------------------------------------

  const personOf = async (request: Parameters<typeof adminOrg>[0], userId: string) => {
    const [person] = await listAdminPeople(db, adminOrg(request), { userId });
    if (!person) throw adminNotFound('Person not found');
    return person;
  };

  const deactivate = async (orgId: string, userId: string, by: string) => {
    await handle(
      orgDecider,
      orgStream(orgId),
      {
        type: 'DeactivateOrgMember',
        data: { orgId, userId, by, isMember: (await orgAccess(db, orgId, userId)) !== null },
      },
      { actorId: by },
    );
    // The projections take them out of the organization's teams (every read, write and socket
    // room); their sessions, other organizations and own teams are not this organization's.
    // Calendar apps hold feed URLs for good: those die here, and only new ones work again.
    await revokeOrgFeedTokens(db, orgId, userId);
  };

  app.get(
    '/api/admin/people',
    {
      schema: {
        tags,
        summary: "The organization's people: search by name or email, filter by role",
        querystring: adminPeopleQuerySchema,
        response: { 200: z.array(adminPersonSchema), ...errors },
      },
    },
    async (request) =>
      listAdminPeople(db, adminOrg(request), { search: request.query.search, role: request.query.role }),
  );

  app.get(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary: 'One person of the organization',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminPersonSchema, ...errors },
      },
    },
    async (request) => personOf(request, request.params.id),
  );

  app.patch(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary:
          'Change a role ({role}: org_admin, or coach/parent/player in `teamId` or in all their teams of the organization) or deactivate/reactivate ({isActive}: only for this organization, see DELETE)',
        params: idParams,
        querystring: adminScopeQuerySchema,
        body: adminPersonPatchSchema,
        response: { 200: adminPersonSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const userId = request.params.id;
      const before = await personOf(request, userId);
      const { role, teamId, isActive } = request.body;
      if (role === 'org_admin') {
        await handle(
          orgDecider,
          orgStream(org.orgId),
          { type: 'AddOrgAdmin', data: { orgId: org.orgId, userId, by, isMember: true } },
          { actorId: by },
        );
      } else if (role !== undefined) {
        const teams = (await orgTeamRolesOf(db, org.orgId, userId)).filter((t) => !teamId || t.teamId === teamId);
        if (teamId && teams.length === 0) throw adminNotFound('This person is not in that team');
        if (teams.length === 0) {
          throw new HttpError(409, 'NO_TEAMS', 'This person is in none of your teams; invite them to a team first');
        }
        if (before.role === 'org_admin') {
          await handle(
            orgDecider,
            orgStream(org.orgId),
            { type: 'RemoveOrgAdmin', data: { orgId: org.orgId, userId, by } },
            { actorId: by },
          );
        }
        for (const team of teams) {
          if (team.role === role) continue;
          await handle(
            teamDecider,
            teamStream(team.teamId),
            {
              type: 'AssignTeamRole',
              data: { teamId: team.teamId, userId, assignedRole: role as AssignedRole, by, byIsOrgAdmin: true },
            },
            { actorId: by },
          );
        }
      }
      if (isActive === false) await deactivate(org.orgId, userId, by);
      if (isActive === true) {
        await handle(
          orgDecider,
          orgStream(org.orgId),
          { type: 'ReactivateOrgMember', data: { orgId: org.orgId, userId, by } },
          { actorId: by },
        );
      }
      return personOf(request, userId);
    },
  );

  app.delete(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary:
          "Deactivate a person in this organization: they lose access to its teams (seasons, chat, media, streams, calendar feeds) and its administration, and the stream keys they were given stop working (a live publish with one is cut off) until a manager rotates them; their account, sign-in and other organizations are untouched, nothing they wrote is removed; PATCH {isActive: true} by this organization's admins undoes it (not the keys)",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      await personOf(request, request.params.id);
      await deactivate(org.orgId, request.params.id, requireUserId(request));
      return reply.status(204).send(null);
    },
  );

  // ---- media ----------------------------------------------------------------------------------

  const mediaOf = async (orgId: string, mediaId: string) => {
    const [item] = await listAdminMedia(db, orgId, { mediaId });
    if (!item) throw adminNotFound('Media not found');
    return item;
  };

  app.get(
    '/api/admin/media',
    {
      schema: {
        tags,
        summary: "The organization's media: search by file name or team, filter by type (image, video)",
        querystring: adminMediaQuerySchema,
        response: { 200: z.array(adminMediaSchema), ...errors },
      },
    },
    async (request) =>
      listAdminMedia(db, adminOrg(request).orgId, { search: request.query.search, type: request.query.type }),
  );

  app.get(
    '/api/admin/media/:id/download',
    {
      schema: {
        tags,
        summary: 'Download the file (as an attachment)',
        params: idParams,
        querystring: adminScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const item = await mediaOf(adminOrg(request).orgId, request.params.id);
      const name = item.url.slice(item.url.lastIndexOf('/') + 1);
      const file = uploadPath(ctx.dataDir, item.teamId, name);
      const info = await stat(file).catch(() => null);
      if (!info) throw adminNotFound('The file is no longer stored');
      const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
      const base = item.fileName.replace(/[^\w .-]+/g, '_').slice(0, 100) || 'download';
      const fileName = base.endsWith(extension) ? base : `${base}${extension}`;
      return reply
        .header('content-type', item.contentType)
        .header('content-length', info.size)
        .header('content-disposition', `attachment; filename="${fileName.replaceAll('"', '')}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  app.delete(
    '/api/admin/media/:id',
    {
      schema: {
        tags,
        summary: 'Delete a media item of the organization (its files go too)',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const item = await mediaOf(adminOrg(request).orgId, request.params.id);
      const stored = await findMedia(db, item.id);
      // The admin gate and the organization-scoped lookup established that the caller administers
      // the organization of the item's team: the one fact of canManageMedia that holds here. The
      // media decider owns who may delete (uploader or manager), so it gets the fact, not a verdict.
      const canManage = canManageMedia({ userId: by, creatorId: null, assignedRole: null, isOrgAdminOfTeamOrg: true });
      await handle(
        mediaDecider,
        mediaStream(item.id),
        { type: 'DeleteMedia', data: { mediaId: item.id, userId: by, canManage } },
        { actorId: by },
      );
      const names = [stored?.url ?? item.url, stored?.thumbnailUrl ?? item.thumbnailUrl]
        .filter((u): u is string => u !== null)
        .map((u) => u.slice(u.lastIndexOf('/') + 1));
      await removeFiles(names.map((n) => uploadPath(ctx.dataDir, item.teamId, n)));
      return reply.status(204).send(null);
    },
  );

  // ---- settings -------------------------------------------------------------------------------

  const settingsOf = async (orgId: string) => {
    const settings = await findOrgSettings(db, orgId);
    if (!settings) throw adminNotFound('Organization not found');
    return settings;
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

  // ---- activity audit --------------------------------------------------------------------------

  app.get(
    '/api/admin/activity',
    {
      schema: {
        tags,
        summary:
          "Every event of the organization as a readable line, newest first; filter by person (userId), team, type, from/to; paged by `cursor` (the previous page's nextCursor: its last line's log position, which a rebuild of the read model keeps); format=csv|ndjson exports the whole selection",
        querystring: adminActivityQuerySchema,
        response: { 200: adminActivityPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orgId } = adminOrg(request);
      const q = request.query;
      const filter: ActivityFilter = {
        userId: q.userId,
        teamId: q.teamId,
        types: q.type ? q.type.split(',') : undefined,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      if (q.format === 'json') return listActivityPage(db, orgId, filter, { cursor: q.cursor, limit: q.limit });
      const csv = q.format === 'csv';
      const stamp = new Date().toISOString().slice(0, 10);
      reply.raw.writeHead(200, {
        'content-type': csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="activity-${stamp}.${csv ? 'csv' : 'ndjson'}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      reply.hijack();
      const out = reply.raw;
      // Written chunk by chunk with backpressure: a million rows are never in memory at once.
      const write = (text: string) =>
        out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
      try {
        if (csv) await write(`${activityCsvColumns.join(',')}\r\n`);
        for await (const chunk of streamActivity(db, orgId, filter)) {
          if (out.destroyed) break;
          await write(chunk.map((a) => (csv ? csvLine(a) : `${JSON.stringify(a)}\n`)).join(''));
        }
        out.end();
      } catch (error) {
        request.log.error({ err: error }, 'activity export failed');
        out.destroy(error as Error);
      }
      return reply;
    },
  );

  app.get(
    '/api/admin/activity/types',
    {
      schema: {
        tags,
        summary: 'The event types the activity can be filtered by',
        querystring: adminScopeQuerySchema,
        response: { 200: adminActivityTypesSchema, ...errors },
      },
    },
    async () => [...allEventTypes],
  );

  app.get(
    '/api/admin/access',
    {
      schema: {
        tags,
        summary:
          'Who could see what, when: the teams and roles a person had at `at`, and which adults could message a team then',
        querystring: adminAccessQuerySchema,
        response: { 200: adminAccessSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const found = await accessAt(db, orgId, at, { userId: request.query.userId, teamId: request.query.teamId });
      if (!found) throw adminNotFound('Person or team not found');
      return { at: at.toISOString(), ...found };
    },
  );

  app.get(
    '/api/admin/messages/:id',
    {
      schema: {
        tags,
        summary: 'Safeguarding: every version of a chat message and its deletion (who, when)',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMessageHistorySchema, ...errors },
      },
    },
    async (request) => {
      const history = await messageHistory(db, adminOrg(request).orgId, request.params.id);
      if (!history) throw adminNotFound('Message not found');
      return history;
    },
  );

  app.delete(
    '/api/admin/messages/:id',
    {
      schema: {
        tags,
        summary: "Safeguarding: delete a message in any of the organization's teams (members see 'Message deleted')",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMessageHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const history = await messageHistory(db, orgId, request.params.id);
      if (!history) throw adminNotFound('Message not found');
      await chat.moderate(requireUserId(request), history.teamId, history.id, { text: null, canModerate: true });
      return (await messageHistory(db, orgId, request.params.id))!;
    },
  );

  app.get(
    '/api/admin/rsvps',
    {
      schema: {
        tags,
        summary:
          'The RSVP ledger: every change (who answered, for whom, when, by whom); lateOnly=true for late Not Going',
        querystring: adminRsvpQuerySchema,
        response: { 200: z.array(rsvpLedgerEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const { teamId, eventId, lateOnly, limit } = request.query;
      return listRsvpLedger(db, orgId, { teamId, eventId, lateOnly, limit });
    },
  );
};

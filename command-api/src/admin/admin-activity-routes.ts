import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityCsvColumns,
  adminActivityPageSchema,
  adminActivityQuerySchema,
  adminActivityTypesSchema,
  adminScopeQuerySchema,
  allEventTypes,
  type AdminActivity,
} from '@sideline/domain';
import { listActivityPage, streamActivity, type ActivityFilter } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg } from './admin-access.ts';
import { errors, tags } from './admin-route-schemas.ts';

/** CSV cell: quoted when needed; a leading =,+,-,@ is neutralised so a spreadsheet runs no formula. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const csvLine = (a: AdminActivity) => `${activityCsvColumns.map((c) => csvCell(a[c])).join(',')}\r\n`;

/** The activity audit: pages, filters and exports (CSV or NDJSON), and its event types. */
export const adminActivityRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
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
};

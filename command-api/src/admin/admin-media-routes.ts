import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMediaQuerySchema,
  adminMediaSchema,
  adminScopeQuerySchema,
  canManageMedia,
  mediaDecider,
  mediaStream,
} from '@sideline/domain';
import { findMedia, listAdminMedia } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { removeFiles, uploadPath } from '../media/media-storage.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg, adminNotFound } from './admin-access.ts';
import { errors, idParams, tags } from './admin-route-schemas.ts';

/** The organization's media: list, download, delete. */
export const adminMediaRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
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
};

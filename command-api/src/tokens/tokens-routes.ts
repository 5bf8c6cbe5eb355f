import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenInputSchema, createdApiTokenSchema, idSchema } from '@sideline/domain';
import { requireUserId } from '../identity/session-auth.ts';
import { orgAccess, orgIdsAdministeredBy } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { findApiToken, issueApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';

const errorBody = z.object({ message: z.string(), code: z.string() });
const tokenNotFound = () => new HttpError(404, 'TOKEN_NOT_FOUND', 'Token not found');

/** Read-only analytics tokens, managed by the organization's admins with their session. */
export const tokensRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.post(
    '/api/tokens',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "A read-only API token for an organization's match-stat replays and box scores (its admins); the token is shown only in this answer",
        body: createApiTokenInputSchema,
        response: { 201: createdApiTokenSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { name, organizationId } = request.body;
      const standing = await orgAccess(db, organizationId, userId);
      if (!standing) throw new HttpError(404, 'ORGANIZATION_NOT_FOUND', 'Organization not found');
      if (!standing.isAdmin) {
        throw new HttpError(403, 'ORG_ADMINS_ONLY', "Only the organization's admins can create API tokens");
      }
      const created = await issueApiToken(db, { name, orgId: organizationId, createdBy: userId, now: new Date() });
      const { id, createdAt, token } = created;
      return reply.status(201).header('cache-control', 'no-store').send({ id, name, organizationId, token, createdAt });
    },
  );

  app.get(
    '/api/tokens',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The API tokens of the organizations the caller administers (never their secrets)',
        response: { 200: z.array(apiTokenSchema) },
      },
    },
    async (request) => listApiTokens(db, await orgIdsAdministeredBy(db, requireUserId(request))),
  );

  app.delete(
    '/api/tokens/:tokenId',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Revoke an API token (its organization’s admins)',
        params: z.object({ tokenId: idSchema }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const token = await findApiToken(db, request.params.tokenId);
      // Another organization's token answers like one that does not exist.
      if (!token) throw tokenNotFound();
      const standing = await orgAccess(db, token.organizationId, userId);
      if (!standing?.isAdmin) throw tokenNotFound();
      await revokeApiToken(db, token.id);
      return reply.status(204).send(null);
    },
  );
};

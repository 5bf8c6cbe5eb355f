import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ID_MESSAGE, isId } from '@sideline/domain';
import { adminOrgOf, type AdminOrg, type ReadModels } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { HttpError } from '../shared/http-errors.ts';

export const adminsOnly = () => new HttpError(403, 'ADMINS_ONLY', 'You need admin privileges to access this area.');
export const adminNotFound = (what = 'Not found') => new HttpError(404, 'NOT_FOUND', what);

const orgs = new WeakMap<FastifyRequest, AdminOrg>();

/**
 * Resolves the caller's organization before the request is validated: 401 signed out, 403 for
 * someone who administers no organization, 404 for an `orgId` they do not administer.
 */
export async function resolveAdminOrg(db: Kysely<ReadModels>, request: FastifyRequest): Promise<AdminOrg> {
  const userId = requireUserId(request);
  const { orgId } = (request.query ?? {}) as { orgId?: unknown };
  if (orgId !== undefined && (typeof orgId !== 'string' || !isId(orgId))) {
    throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { orgId: [ID_MESSAGE] });
  }
  const any = await adminOrgOf(db, userId);
  if (!any) throw adminsOnly();
  const org = orgId === undefined || orgId === any.orgId ? any : await adminOrgOf(db, userId, orgId);
  if (!org) throw adminNotFound('Organization not found');
  orgs.set(request, org);
  return org;
}

export function adminOrg(request: FastifyRequest): AdminOrg {
  const org = orgs.get(request);
  if (!org) throw adminsOnly();
  return org;
}

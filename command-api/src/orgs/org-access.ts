import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import { ID_MESSAGE, isId } from '@sideline/domain';
import { orgAccess, type OrgAccess } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';

export const orgNotFound = () => new HttpError(404, 'ORGANIZATION_NOT_FOUND', 'Organization not found');
export const orgAdminsOnly = () => new HttpError(403, 'ORG_ADMINS_ONLY', "Only the organization's admins can do this");

/**
 * The caller's standing in the organization. One they are not in (an admin, or a member of one
 * of its teams) answers 404 exactly like one that does not exist, so other clubs' ids leak nothing.
 */
export async function requireOrgMember(db: Kysely<ReadModels>, orgId: string, userId: string): Promise<OrgAccess> {
  // Runs before schema validation: a malformed id is refused here, not by the database.
  if (!isId(orgId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { orgId: [ID_MESSAGE] });
  const access = await orgAccess(db, orgId, userId);
  if (!access) throw orgNotFound();
  return access;
}

/** As requireOrgMember, then 403 for a member who is not one of its admins. */
export async function requireOrgAdmin(db: Kysely<ReadModels>, orgId: string, userId: string): Promise<OrgAccess> {
  const access = await requireOrgMember(db, orgId, userId);
  if (!access.isAdmin) throw orgAdminsOnly();
  return access;
}

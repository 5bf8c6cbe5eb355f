import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../../read-models.ts';

/** The organization an admin call is about: the caller administers it. */
export interface AdminOrg {
  orgId: string;
  name: string;
  timezone: string;
}

/**
 * The caller's organization for /api/admin/*: `orgId` when given and they administer it, else
 * the first organization they administer (oldest first); null when they administer none.
 */
export async function adminOrgOf(
  database: Kysely<ReadModels>,
  userId: string,
  orgId?: string,
): Promise<AdminOrg | null> {
  const { rows } = await sql<{ id: string; name: string; timezone: string }>`
    SELECT o.id, o.name, o.timezone FROM org_admins a JOIN organizations o ON o.id = a.org_id
    WHERE a.user_id = ${userId} ${orgId ? sql`AND a.org_id = ${orgId}` : sql``}
    ORDER BY o.created_at, o.id LIMIT 1`.execute(database);
  const r = rows[0];
  return r ? { orgId: r.id, name: r.name, timezone: r.timezone } : null;
}

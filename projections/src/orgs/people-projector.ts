import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import type { OrgAdminAdded, OrgAdminRemoved, OrgMemberDeactivated, OrgMemberReactivated } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { OrgPeopleTables } from './people-read-model.ts';

/** Admin rights as periods (for `?at=` questions) and whom each organization has deactivated. */
export const orgPeopleProjector: Projector<OrgPeopleTables> = {
  name: 'org_people',
  handles: ['OrgAdminAdded', 'OrgAdminRemoved', 'OrgMemberDeactivated', 'OrgMemberReactivated'],
  tables: ['org_admin_periods', 'org_deactivations'],
  // Only the person's own rows change (every one of these events names them).
  changes: (events) => ({ teams: [], users: events.map((e) => (e.data as { userId: string }).userId) }),
  async apply(trx, events) {
    const db: Kysely<OrgPeopleTables> = trx;
    // In log order: a period opened and closed in one batch must see its own opening.
    for (const e of events) {
      const at = new Date(e.metadata.occurredAt);
      switch (e.type) {
        case 'OrgAdminAdded': {
          const d = e.data as OrgAdminAdded['data'];
          await db
            .insertInto('org_admin_periods')
            .values({ id: e.id, org_id: d.orgId, user_id: d.userId, valid_from: at, valid_to: null })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'OrgAdminRemoved': {
          const d = e.data as OrgAdminRemoved['data'];
          await closeAdminPeriod(db, d.orgId, d.userId, at);
          break;
        }
        case 'OrgMemberDeactivated': {
          const d = e.data as OrgMemberDeactivated['data'];
          // Deactivation ends their admin rights there too (orgDecider and the orgs projector agree).
          await closeAdminPeriod(db, d.orgId, d.userId, at);
          await db
            .insertInto('org_deactivations')
            .values({ org_id: d.orgId, user_id: d.userId, by: d.by, at })
            .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
            .execute();
          break;
        }
        case 'OrgMemberReactivated': {
          const d = e.data as OrgMemberReactivated['data'];
          await db
            .deleteFrom('org_deactivations')
            .where('org_id', '=', d.orgId)
            .where('user_id', '=', d.userId)
            .execute();
          break;
        }
      }
    }
  },
};

async function closeAdminPeriod(db: Kysely<OrgPeopleTables>, orgId: string, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('org_admin_periods')
    .set({ valid_to: at })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('valid_to', 'is', null)
    .execute();
}

/** Whether the organization's admins have deactivated this person (one primary-key lookup). */
export async function isDeactivatedBy(database: Kysely<ReadModels>, orgId: string, userId: string): Promise<boolean> {
  const row = await database
    .selectFrom('org_deactivations')
    .select('org_id')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the organization of the team has deactivated this person, who may then not join it
 * again (false for an independent team, and for a team that does not exist).
 */
export async function isDeactivatedFromTeam(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT 1 AS n FROM teams t JOIN org_deactivations d ON d.org_id = t.org_id AND d.user_id = ${userId}
    WHERE t.id = ${teamId}`.execute(database);
  return rows.length > 0;
}

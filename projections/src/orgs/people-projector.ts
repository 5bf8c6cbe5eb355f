import type { Kysely } from 'kysely';
import type { OrgAdminAdded, OrgAdminRemoved, OrgMemberDeactivated, OrgMemberReactivated } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { OrgPeopleTables } from './people-read-model.ts';

/** Admin rights as periods (for `?at=` questions) and who is deactivated. */
export const orgPeopleProjector: Projector<OrgPeopleTables> = {
  name: 'org_people',
  handles: ['OrgAdminAdded', 'OrgAdminRemoved', 'OrgMemberDeactivated', 'OrgMemberReactivated'],
  tables: ['org_admin_periods', 'org_deactivations'],
  // Only the person's own rows change (every one of these events names them).
  changes: (events) => ({ teams: [], users: events.map((e) => (e.data as { userId: string }).userId) }),
  async apply(trx, events) {
    const db = trx as Kysely<OrgPeopleTables>;
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
          await db
            .updateTable('org_admin_periods')
            .set({ valid_to: at })
            .where('org_id', '=', d.orgId)
            .where('user_id', '=', d.userId)
            .where('valid_to', 'is', null)
            .execute();
          break;
        }
        case 'OrgMemberDeactivated': {
          const d = e.data as OrgMemberDeactivated['data'];
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

/** Whether an admin of any organization deactivated this account (sign-in refuses it). */
export async function isDeactivated(database: Kysely<any>, userId: string): Promise<boolean> {
  const row = await (database as Kysely<OrgPeopleTables>)
    .selectFrom('org_deactivations')
    .select('org_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

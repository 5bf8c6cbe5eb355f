import { sql, type Kysely } from 'kysely';
import { toEnvelope, userSubject } from '@sideline/infra';
import {
  type OrgAdminAdded,
  type OrgAdminRemoved,
  type OrgMemberDeactivated,
  type OrganizationCreated,
  type OrgSettingsUpdated,
  defaultOrgSettings,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { OrgsTables } from './orgs-read-model.ts';

/** Settings with their own columns; the rest live in the jsonb `settings`. */
const columnOf = {
  name: 'name',
  description: 'description',
  timezone: 'timezone',
  defaultSport: 'default_sport',
} as const;

export const orgsProjector: Projector<OrgsTables> = {
  name: 'organizations',
  handles: ['OrganizationCreated', 'OrgAdminAdded', 'OrgAdminRemoved', 'OrgSettingsUpdated', 'OrgMemberDeactivated'],
  tables: ['organizations', 'org_admins'],
  async apply(trx, events) {
    const db: Kysely<OrgsTables> = trx;
    // In log order: an admin or a settings change always follows its organization's creation.
    for (const e of events) {
      switch (e.type) {
        case 'OrganizationCreated': {
          const d = e.data as OrganizationCreated['data'];
          await db
            .insertInto('organizations')
            .values({
              id: d.orgId,
              name: d.name,
              description: d.description,
              timezone: d.timezone,
              default_sport: d.defaultSport,
              settings: JSON.stringify(defaultOrgSettings),
              created_by: d.createdBy,
              created_at: new Date(e.metadata.occurredAt),
            })
            .execute();
          break;
        }
        case 'OrgAdminAdded': {
          const d = e.data as OrgAdminAdded['data'];
          await db
            .insertInto('org_admins')
            .values({ org_id: d.orgId, user_id: d.userId, added_at: new Date(e.metadata.occurredAt) })
            .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
            .execute();
          break;
        }
        // A deactivated person administers the organization no more (orgDecider does the same).
        case 'OrgAdminRemoved':
        case 'OrgMemberDeactivated': {
          const d = e.data as OrgAdminRemoved['data'] | OrgMemberDeactivated['data'];
          await db.deleteFrom('org_admins').where('org_id', '=', d.orgId).where('user_id', '=', d.userId).execute();
          break;
        }
        case 'OrgSettingsUpdated': {
          const d = e.data as OrgSettingsUpdated['data'];
          const columns: Record<string, unknown> = {};
          const rest: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(d.changes)) {
            const column = columnOf[key as keyof typeof columnOf];
            if (column) columns[column] = value;
            else rest[key] = value;
          }
          await db
            .updateTable('organizations')
            .set({ ...columns, settings: sql`settings || ${JSON.stringify(rest)}::jsonb` })
            .where('id', '=', d.orgId)
            .execute();
          break;
        }
      }
    }
  },
  afterCommit(events) {
    // The person's displayed role (and their console) changes with their admin rights (the
    // teams projector tells them of a deactivation).
    return events
      .filter((e) => e.type === 'OrgAdminAdded' || e.type === 'OrgAdminRemoved')
      .map((e) => {
        const d = e.data as OrgAdminAdded['data'];
        return {
          subject: userSubject(d.userId, 'membership'),
          data: toEnvelope({ type: 'membership_changed', orgId: d.orgId }),
        };
      });
  },
};

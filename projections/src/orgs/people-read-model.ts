import { sql, type Kysely, type Migration } from 'kysely';

export interface OrgPeopleTables {
  /** Who administered an organization when: a period per admin right (valid_to null: still). */
  org_admin_periods: {
    /** The OrgAdminAdded event's id. */
    id: string;
    org_id: string;
    user_id: string;
    valid_from: Date;
    valid_to: Date | null;
  };
  /**
   * People an organization's admin deactivated (no access to its teams, nor admin rights there);
   * a reactivation by an admin of the same organization removes the row.
   */
  org_deactivations: {
    org_id: string;
    user_id: string;
    by: string;
    at: Date;
  };
}

export const orgPeopleMigrations: Record<string, Migration> = {
  '1703_org_people': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('org_admin_periods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
        .addColumn('valid_to', 'timestamptz')
        .execute();
      // "Was this person an admin at T?" and "who administered the org at T?": index range scans.
      await sql`CREATE INDEX org_admin_periods_user_idx ON org_admin_periods (user_id, org_id, valid_from)`.execute(db);
      await sql`CREATE INDEX org_admin_periods_org_idx ON org_admin_periods (org_id, valid_from)`.execute(db);
      await db.schema
        .createTable('org_deactivations')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('org_deactivations_pkey', ['org_id', 'user_id'])
        .execute();
      // "Which organizations have deactivated this person?"
      await db.schema.createIndex('org_deactivations_user_idx').on('org_deactivations').column('user_id').execute();
    },
  },
  // A deactivation now ends the person's admin rights in the organization (as the projector does).
  '1912_deactivated_admin_periods': {
    async up(db: Kysely<any>) {
      await sql`UPDATE org_admin_periods p SET valid_to = d.at FROM org_deactivations d
        WHERE d.org_id = p.org_id AND d.user_id = p.user_id AND p.valid_to IS NULL AND p.valid_from <= d.at`.execute(
        db,
      );
    },
  },
};

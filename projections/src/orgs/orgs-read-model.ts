import { sql, type Kysely, type Migration } from 'kysely';

export interface OrgsTables {
  organizations: {
    id: string;
    name: string;
    description: string | null;
    timezone: string;
    default_sport: string;
    /** The §3 settings besides the four columns above (OrgSettings minus those), as jsonb. */
    settings: unknown;
    created_by: string;
    created_at: Date;
  };
  org_admins: {
    org_id: string;
    user_id: string;
    added_at: Date;
  };
}

export const orgsMigrations: Record<string, Migration> = {
  '1070_organizations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('default_sport', 'text', (c) => c.notNull())
        .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('org_admins')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('added_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('org_admins_pkey', ['org_id', 'user_id'])
        .execute();
      // "Which organizations does this user administer?" is on the displayed-role path of every /api/user.
      await db.schema.createIndex('org_admins_user_idx').on('org_admins').columns(['user_id', 'org_id']).execute();
    },
  },
  // A deactivation now ends the person's admin rights in the organization (as the projector does).
  '1911_deactivated_admins': {
    async up(db: Kysely<any>) {
      await sql`DELETE FROM org_admins a USING org_deactivations d
        WHERE d.org_id = a.org_id AND d.user_id = a.user_id`.execute(db);
    },
  },
};

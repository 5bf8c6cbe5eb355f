import { sql, type Kysely, type Migration } from 'kysely';

/** Indexes for the admin portal's read paths over other features' read models. */
export const adminReadPathMigrations: Record<string, Migration> = {
  '1704_admin_read_paths': {
    async up(db: Kysely<any>) {
      // GET /api/admin/access?userId=&at=: a person's team roles over time.
      await sql`CREATE INDEX team_member_periods_user_idx ON team_member_periods (user_id, valid_from)`.execute(db);
      // Scheduled Matches and the upcoming matches of the dashboard: one range scan per organization.
      await sql`CREATE INDEX IF NOT EXISTS matches_org_status_idx ON matches (org_id, status, start_time)`.execute(db);
    },
  },
};

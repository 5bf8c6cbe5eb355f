import { sql, type Kysely, type Migration } from 'kysely';

export interface OrgActivityTables {
  /** One readable line per thing that happened in an organization (its teams included). */
  org_activity: {
    /** The event's id: a replayed event writes the same row. */
    id: string;
    /**
     * The event's position in the log (commit, prepare): its order among events of the same time
     * (one append shares its time) and the audit's paging cursor. The log never renumbers, so a
     * rebuild writes the same values and a cursor taken before it still points at the same line.
     * One event gives at most one line, so the position alone identifies a line.
     */
    pos_commit: string | bigint;
    pos_prepare: string | bigint;
    org_id: string;
    team_id: string | null;
    actor_id: string | null;
    /** Someone the line is about besides the actor (the new admin, the assigned coach). */
    subject_id: string | null;
    /**
     * Written with the team and season names of the time, e.g. "{actor} created the team U12
     * Tigers"; `{actor}` and `{subject}` are filled with the people's names when read.
     */
    description: string;
    occurred_at: Date;
    /** Added by 1701_: the event's type and log position as text (`commit/prepare`). */
    type: string;
    position: string;
  };
  /**
   * This projector's own names of org teams and seasons (`team:{id}`, `season:{id}`), fed by the
   * events it handles, so a line never depends on another projector's progress.
   */
  org_activity_names: {
    key: string;
    org_id: string;
    name: string;
  };
}

export const orgActivityMigrations: Record<string, Migration> = {
  '1071_org_activity': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('org_activity')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text')
        .addColumn('actor_id', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // The console's Recent Activity (newest first) and each team card's last activity.
      await sql`CREATE INDEX org_activity_org_idx ON org_activity (org_id, occurred_at DESC, seq DESC)`.execute(db);
      await sql`CREATE INDEX org_activity_team_idx ON org_activity (team_id, occurred_at DESC) WHERE team_id IS NOT NULL`.execute(
        db,
      );
      await db.schema
        .createTable('org_activity_names')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Every event of the organization, not a selection: the projector starts over from the log.
  '1701_org_activity_audit': {
    async up(db: Kysely<any>) {
      await sql`DELETE FROM org_activity`.execute(db);
      await sql`DELETE FROM org_activity_names`.execute(db);
      await sql`DELETE FROM projection_checkpoints WHERE name = 'org_activity'`.execute(db);
      await db.schema
        .alterTable('org_activity')
        .addColumn('type', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('org_activity')
        .addColumn('position', 'text', (c) => c.notNull())
        .execute();
      // The audit's read paths, newest first (occurred_at, then log order), each an index range
      // scan also for a date range: everything, by team, by actor, by subject (a person is
      // either), by type, by team and type. A page's cursor is a row's seq (unique).
      await sql`CREATE UNIQUE INDEX org_activity_seq_key ON org_activity (seq)`.execute(db);
      for (const [name, columns, where] of [
        ['team', 'team_id, ', ''],
        ['actor', 'actor_id, ', ''],
        ['subject', 'subject_id, ', 'WHERE subject_id IS NOT NULL'],
        ['type', 'type, ', ''],
        ['team_type', 'team_id, type, ', ''],
      ] as const) {
        await sql
          .raw(
            `CREATE INDEX org_activity_${name}_time_idx ON org_activity (org_id, ${columns}occurred_at DESC, seq DESC) ${where}`,
          )
          .execute(db);
      }
    },
  },
  // Order and page by the event's log position instead of a row counter: `seq` was renumbered by
  // every rebuild, so a cursor taken before one pointed at another line after it. The same read
  // paths as 1701_ (each an index range scan, newest first), keyed by the position.
  '1921_org_activity_log_position': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE org_activity ADD COLUMN pos_commit bigint, ADD COLUMN pos_prepare bigint`.execute(db);
      await sql`UPDATE org_activity SET pos_commit = split_part(position, '/', 1)::bigint,
        pos_prepare = split_part(position, '/', 2)::bigint`.execute(db);
      await sql`ALTER TABLE org_activity ALTER COLUMN pos_commit SET NOT NULL,
        ALTER COLUMN pos_prepare SET NOT NULL`.execute(db);
      for (const name of ['org', 'team_time', 'actor_time', 'subject_time', 'type_time', 'team_type_time']) {
        await sql.raw(`DROP INDEX IF EXISTS org_activity_${name}_idx`).execute(db);
      }
      await sql`DROP INDEX IF EXISTS org_activity_seq_key`.execute(db);
      await sql`ALTER TABLE org_activity DROP COLUMN seq`.execute(db);
      // The cursor's line, found by its position.
      await sql`CREATE UNIQUE INDEX org_activity_position_key ON org_activity (pos_commit, pos_prepare)`.execute(db);
      for (const [name, columns, where] of [
        ['org', '', ''],
        ['team_time', 'team_id, ', ''],
        ['actor_time', 'actor_id, ', ''],
        ['subject_time', 'subject_id, ', 'WHERE subject_id IS NOT NULL'],
        ['type_time', 'type, ', ''],
        ['team_type_time', 'team_id, type, ', ''],
      ] as const) {
        await sql
          .raw(
            `CREATE INDEX org_activity_${name}_idx ON org_activity (org_id, ${columns}occurred_at DESC, pos_commit DESC, pos_prepare DESC) ${where}`,
          )
          .execute(db);
      }
    },
  },
};

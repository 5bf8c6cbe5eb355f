import { sql, type Kysely, type Migration } from 'kysely';
import { sportIdOfName, UNKNOWN_SPORT_ID } from '@sideline/domain';

export interface SeasonsTables {
  seasons: {
    id: string;
    org_id: string;
    name: string;
    /** The sport's catalogue id (`unknown` for a stored name the catalogue does not know). */
    sport_id: string;
    /** The sport's name, as the catalogue calls it. */
    sport: string;
    /** Calendar days as YYYY-MM-DD text: they order like the dates and come back exactly as sent. */
    start_date: string;
    end_date: string;
    is_active: boolean;
    created_at: Date;
  };
}

export const seasonsMigrations: Record<string, Migration> = {
  '1080_seasons': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('seasons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('seasons_org_idx').on('seasons').columns(['org_id', 'start_date']).execute();
    },
  },
  // The teams read model learns each org team's season (TeamCreated.seasonId), for the season pages.
  '1081_teams_season': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('teams').addColumn('season_id', 'text').execute();
      await db.schema.createIndex('teams_season_idx').on('teams').column('season_id').execute();
    },
  },
  // Seasons carry their sport's catalogue id. Existing rows get it from their sport name, as the
  // projector reads old SeasonCreated events (upcastSeasonEvent), so a rebuild gives the same.
  '1920_seasons_sport_id': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('seasons').addColumn('sport_id', 'text').execute();
      const { rows } = await sql<{ sport: string }>`SELECT DISTINCT sport FROM seasons`.execute(db);
      for (const { sport } of rows) {
        const sportId = sportIdOfName(sport) ?? UNKNOWN_SPORT_ID;
        await sql`UPDATE seasons SET sport_id = ${sportId} WHERE sport = ${sport}`.execute(db);
      }
      await sql`ALTER TABLE seasons ALTER COLUMN sport_id SET NOT NULL`.execute(db);
    },
  },
};

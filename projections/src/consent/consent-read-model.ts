import type { Kysely, Migration } from 'kysely';

/**
 * Consents as the ledger recorded them. `consent_history` is every answer (the ledger itself, one
 * row per ConsentAnswered); `consent_current` the latest answer of each player's consent (what
 * the media lists join); `org_consent_settings` each organization's wording (absent: the default,
 * version 1, ask first); `media_players` the players an upload names.
 */
export interface ConsentTables {
  consent_history: {
    id: string;
    player_id: string;
    team_id: string;
    consent: string;
    state: string;
    by_id: string;
    as_role: string;
    text_version: number;
    address: string | null;
    browser: string | null;
    at: Date;
  };
  consent_current: {
    player_id: string;
    consent: string;
    team_id: string;
    state: string;
    by_id: string;
    text_version: number;
    at: Date;
  };
  org_consent_settings: {
    org_id: string;
    text: string | null;
    version: number;
    unknown_team_only: string;
    updated_at: Date;
  };
  media_players: {
    media_id: string;
    player_id: string;
    team_id: string;
  };
}

export const consentMigrations: Record<string, Migration> = {
  '1990_consent': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('consent_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('consent', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('by_id', 'text', (c) => c.notNull())
        .addColumn('as_role', 'text', (c) => c.notNull())
        .addColumn('text_version', 'integer', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('browser', 'text')
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A player's ledger newest first; and the consents of a team as they stood at a moment.
      await db.schema
        .createIndex('consent_history_player_idx')
        .on('consent_history')
        .columns(['player_id', 'at'])
        .execute();
      await db.schema
        .createIndex('consent_history_team_idx')
        .on('consent_history')
        .columns(['team_id', 'at'])
        .execute();
      await db.schema
        .createTable('consent_current')
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('consent', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('by_id', 'text', (c) => c.notNull())
        .addColumn('text_version', 'integer', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('consent_current_pkey', ['player_id', 'consent'])
        .execute();
      await db.schema.createIndex('consent_current_team_idx').on('consent_current').columns(['team_id']).execute();
      await db.schema
        .createTable('org_consent_settings')
        .addColumn('org_id', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('unknown_team_only', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('media_players')
        .addColumn('media_id', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_players_pkey', ['media_id', 'player_id'])
        .execute();
      // "Which media name this child?" (export, withdrawal).
      await db.schema.createIndex('media_players_player_idx').on('media_players').columns(['player_id']).execute();
    },
  },
};

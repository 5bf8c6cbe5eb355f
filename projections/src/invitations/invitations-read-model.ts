import type { Kysely, Migration } from 'kysely';

/** Invitations as teams list them. Tokens are never here: only their hashes, in the API's own table. */
export interface InvitationsTables {
  invitations: {
    id: string;
    team_id: string;
    player_id: string | null;
    invite_type: string;
    invitee_name: string;
    invitee_email: string;
    age_group: string | null;
    specialization: string | null;
    invited_by: string;
    created_at: Date;
    token_version: number;
    expires_at: Date;
    used_at: Date | null;
    used_by: string | null;
    revoked_at: Date | null;
  };
}

export const invitationsMigrations: Record<string, Migration> = {
  '1110_invitations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text')
        .addColumn('invite_type', 'text', (c) => c.notNull())
        .addColumn('invitee_name', 'text', (c) => c.notNull())
        .addColumn('invitee_email', 'text', (c) => c.notNull())
        .addColumn('age_group', 'text')
        .addColumn('specialization', 'text')
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('used_by', 'text')
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('invitations_team_idx')
        .on('invitations')
        .columns(['team_id', 'created_at'])
        .execute();
    },
  },
};

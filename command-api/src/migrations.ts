import type { Migration } from 'kysely';
import { eventStoreMigrations } from '@sideline/infra';
import { projectionMigrations } from '@sideline/projections';
import { authMigrations } from './identity/auth-tables.ts';
import { teamCodeMigrations } from './teams/team-codes.ts';
import { feedTokenMigrations } from './calendar/feed-tokens.ts';
import { invitationTokenMigrations } from './invitations/invitation-tokens.ts';
import { apiTokenMigrations } from './tokens/api-tokens.ts';
import { streamKeyMigrations } from './livestreams/stream-keys.ts';
import { noticeDeliveryMigrations } from './push/notice-tables.ts';
import { noticeProofMigrations } from './push/notice-proof-tables.ts';
import { chatPushMigrations } from './push/chat-push.ts';
import { pushSessionMigrations } from './push/push-sessions.ts';

/** Every table Sideline needs, in name order: event store 0xxx, read models 1xxx, auth 2xxx. */
export const allMigrations: Record<string, Migration> = {
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...authMigrations,
  ...teamCodeMigrations,
  ...feedTokenMigrations,
  ...invitationTokenMigrations,
  ...apiTokenMigrations,
  ...streamKeyMigrations,
  ...noticeDeliveryMigrations,
  ...noticeProofMigrations,
  ...chatPushMigrations,
  ...pushSessionMigrations,
};

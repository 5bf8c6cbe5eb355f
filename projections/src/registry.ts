import type { Migration } from 'kysely';
import { checkpointMigrations } from './runner/checkpoints.ts';
import { usersMigrations, usersProjector } from './identity/index.ts';
import { teamsMigrations, teamsProjector } from './teams/index.ts';
import { chatMigrations, chatProjector } from './chat/index.ts';
import { mediaMigrations, mediaProjector } from './media/index.ts';
import { calendarMigrations, calendarProjector } from './calendar/index.ts';
import {
  orgActivityMigrations,
  orgActivityProjector,
  orgPeopleMigrations,
  orgPeopleProjector,
  orgsMigrations,
  orgsProjector,
} from './orgs/index.ts';
import { seasonsMigrations, seasonsProjector } from './seasons/index.ts';
import { playersMigrations, playersProjector } from './players/index.ts';
import { invitationsMigrations, invitationsProjector } from './invitations/index.ts';
import { playRewardsMigrations, rewardsMigrations, rewardsProjector } from './rewards/index.ts';
import { matchesMigrations, matchesProjector } from './matches/index.ts';
import { livestreamsMigrations, livestreamsProjector } from './livestreams/index.ts';
import { noticesMigrations, noticesProjector, pushMigrations, pushProjector } from './push/index.ts';
import type { Projector } from './runner/projector.ts';
import { consentMigrations, consentProjector, playerExportMigrations } from './consent/index.ts';
import { adminReadPathMigrations } from './admin/admin-read-model.ts';

/** Every projector Sideline runs; a feature adds its projector here. */
export const allProjectors: readonly Projector[] = [
  usersProjector,
  teamsProjector,
  chatProjector,
  mediaProjector,
  calendarProjector,
  rewardsProjector,
  orgsProjector,
  seasonsProjector,
  orgActivityProjector,
  playersProjector,
  invitationsProjector,
  matchesProjector,
  livestreamsProjector,
  orgPeopleProjector,
  pushProjector,
  noticesProjector,
  consentProjector,
];

/** Read-model migrations (names 1xxx_), applied after the event store's (0xxx_). */
export const projectionMigrations: Record<string, Migration> = {
  ...checkpointMigrations,
  ...usersMigrations,
  ...teamsMigrations,
  ...chatMigrations,
  ...mediaMigrations,
  ...calendarMigrations,
  ...rewardsMigrations,
  ...orgsMigrations,
  ...orgActivityMigrations,
  ...seasonsMigrations,
  ...playersMigrations,
  ...invitationsMigrations,
  ...matchesMigrations,
  ...playRewardsMigrations,
  ...livestreamsMigrations,
  ...orgPeopleMigrations,
  ...adminReadPathMigrations,
  ...pushMigrations,
  ...noticesMigrations,
  ...consentMigrations,
  ...playerExportMigrations,
};

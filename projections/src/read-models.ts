import type { CalendarTables } from './calendar/calendar-read-model.ts';
import type { ChatTables } from './chat/chat-read-model.ts';
import type { ConsentTables } from './consent/consent-read-model.ts';
import type { UsersTables } from './identity/users-read-model.ts';
import type { InvitationsTables } from './invitations/invitations-read-model.ts';
import type { LivestreamsTables } from './livestreams/livestreams-read-model.ts';
import type { MatchesTables } from './matches/matches-read-model.ts';
import type { MediaTables } from './media/media-read-model.ts';
import type { OrgActivityTables } from './orgs/activity-read-model.ts';
import type { OrgsTables } from './orgs/orgs-read-model.ts';
import type { OrgPeopleTables } from './orgs/people-read-model.ts';
import type { PlayersTables } from './players/players-read-model.ts';
import type { NoticesTables } from './push/notices-read-model.ts';
import type { PushTables } from './push/push-read-model.ts';
import type { PlayRewardsTables } from './rewards/play-rewards.ts';
import type { RewardsTables } from './rewards/rewards-read-model.ts';
import type { CheckpointTables } from './runner/checkpoints.ts';
import type { SeasonsTables } from './seasons/seasons-read-model.ts';
import type { TeamsTables } from './teams/teams-read-model.ts';

/**
 * Every read-model table, as each feature's migrations create it: queries and projectors take a
 * `Kysely<ReadModels>` (or a `Pick` of the tables they touch) so that a misspelt column or a
 * wrong type fails the typecheck instead of a request.
 */
export interface ReadModels
  extends
    CalendarTables,
    ChatTables,
    ConsentTables,
    UsersTables,
    InvitationsTables,
    LivestreamsTables,
    MatchesTables,
    MediaTables,
    OrgActivityTables,
    OrgsTables,
    OrgPeopleTables,
    PlayersTables,
    NoticesTables,
    PushTables,
    PlayRewardsTables,
    RewardsTables,
    CheckpointTables,
    SeasonsTables,
    TeamsTables {}

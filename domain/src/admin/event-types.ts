import type { IdentityEvent } from '../identity/events.ts';
import type { UserSettingsEvent } from '../identity/settings.ts';
import { teamEventTypes, type TeamEvent } from '../teams/events.ts';
import { chatEventTypes, type ChatEvent } from '../chat/events.ts';
import { mediaEventTypes, type MediaEvent } from '../media/events.ts';
import { calendarEventTypes, type CalendarDomainEvent } from '../calendar/events.ts';
import { orgEventTypes, type OrgEvent } from '../orgs/events.ts';
import { seasonEventTypes, type SeasonEvent } from '../seasons/events.ts';
import { playerEventTypes, type PlayerEvent } from '../players/events.ts';
import { invitationEventTypes, type InvitationEvent } from '../invitations/events.ts';
import { matchEventTypes, type MatchEvent } from '../matches/events.ts';
import { livestreamEventTypes, type LivestreamEvent } from '../livestreams/events.ts';
import { pushEventTypes, type PushEvent } from '../push/events.ts';
import { consentEventTypes, type OrgConsentEvent, type PlayerConsentEvent } from '../consent/events.ts';
import { reminderEventTypes, type ReminderEvent } from '../reminders/events.ts';

/** Every event the deciders can emit: the unions of every feature. */
export type DomainEvent =
  | IdentityEvent
  | UserSettingsEvent
  | TeamEvent
  | ChatEvent
  | MediaEvent
  | CalendarDomainEvent
  | OrgEvent
  | SeasonEvent
  | PlayerEvent
  | InvitationEvent
  | MatchEvent
  | LivestreamEvent
  | PushEvent
  | PlayerConsentEvent
  | OrgConsentEvent
  | ReminderEvent;
export type DomainEventType = DomainEvent['type'];

export const identityEventTypes = [
  'UserRegistered',
  'UserRenamed',
  'UserAvatarChanged',
  'NotificationPreferencesSet',
] as const satisfies readonly (IdentityEvent | UserSettingsEvent)['type'][];

/**
 * Every event type, as a record so that the compiler refuses a union member missing here (a new
 * event type must be added, and then the activity audit test asks for its readable line).
 */
const everyType: Record<DomainEventType, true> = Object.fromEntries(
  [
    ...identityEventTypes,
    ...teamEventTypes,
    ...chatEventTypes,
    ...mediaEventTypes,
    ...calendarEventTypes,
    ...orgEventTypes,
    ...seasonEventTypes,
    ...playerEventTypes,
    ...invitationEventTypes,
    ...matchEventTypes,
    ...livestreamEventTypes,
    ...pushEventTypes,
    ...consentEventTypes,
    ...reminderEventTypes,
  ].map((t) => [t, true]),
) as Record<DomainEventType, true>;

// The type-level check: each feature's list names every member of its union.
type Missing<Union extends string, List extends readonly string[]> = Exclude<Union, List[number]>;
type AssertNone<T extends never> = T;
export type _EveryTypeListed = AssertNone<
  | Missing<TeamEvent['type'], typeof teamEventTypes>
  | Missing<ChatEvent['type'], typeof chatEventTypes>
  | Missing<MediaEvent['type'], typeof mediaEventTypes>
  | Missing<CalendarDomainEvent['type'], typeof calendarEventTypes>
  | Missing<OrgEvent['type'], typeof orgEventTypes>
  | Missing<SeasonEvent['type'], typeof seasonEventTypes>
  | Missing<PlayerEvent['type'], typeof playerEventTypes>
  | Missing<InvitationEvent['type'], typeof invitationEventTypes>
  | Missing<MatchEvent['type'], typeof matchEventTypes>
  | Missing<LivestreamEvent['type'], typeof livestreamEventTypes>
  | Missing<PushEvent['type'], typeof pushEventTypes>
  | Missing<(PlayerConsentEvent | OrgConsentEvent)['type'], typeof consentEventTypes>
  | Missing<ReminderEvent['type'], typeof reminderEventTypes>
  | Missing<(IdentityEvent | UserSettingsEvent)['type'], typeof identityEventTypes>
>;

/** Every event type of the domain, sorted. */
export const allEventTypes: readonly DomainEventType[] = (Object.keys(everyType) as DomainEventType[]).sort();

import type { DomainEvent, DomainEventType } from '@sideline/domain';
import { sportById, upcastAssignedRole, upcastSeasonEvent } from '@sideline/domain';

/** What a line may need to know beyond its event: names of the organization's things, as of the event. */
export interface ActivityContext {
  /** The name of an organization's team; undefined for a team outside any organization. */
  teamName(teamId: string): string | undefined;
  seasonName(seasonId: string): string | undefined;
  /** "U12 Tigers vs Hawks" */
  matchName(matchId: string): string | undefined;
  /** A calendar event's title. */
  eventTitle(eventId: string): string | undefined;
  mediaTitle(mediaId: string): string | undefined;
  playerName(playerId: string): string | undefined;
}

export interface ActivityLine {
  /** Omitted for team events: the team's organization is used. */
  orgId?: string;
  teamId?: string;
  /** Someone the line is about besides the actor: `{subject}`. */
  subjectId?: string;
  /** `{actor}` (the event's actorId) and `{subject}` are replaced with names when read. */
  description: string;
}

type Data<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];
type Line<T extends DomainEventType> = (data: Data<T>, ctx: ActivityContext) => ActivityLine;

/** Stored SeasonCreated events of the first shape name the sport; later ones give its catalogue id. */
const seasonSportName = (d: Data<'SeasonCreated'>) =>
  sportById(upcastSeasonEvent({ type: 'SeasonCreated', data: d }).data.sportId).name;

const settingLabels: Record<string, string> = {
  name: 'name',
  description: 'description',
  defaultSport: 'default sport',
  timezone: 'time zone',
  logoUrl: 'logo',
  primaryColor: 'primary colour',
  secondaryColor: 'secondary colour',
  website: 'website',
  contactEmail: 'contact email',
  contactPhone: 'contact phone',
  address: 'address',
  defaultRsvpPolicy: 'RSVP policy',
  autoApproveInvites: 'invite approval',
  allowPublicRegistration: 'public registration',
  emailFooter: 'email footer',
};

const consentWords: Record<string, string> = { photos: 'photo', livestream: 'livestream', public: 'public' };
const roleWords: Record<string, string> = { coach: 'coach', parent: 'parent', player: 'player', other: 'member' };
const rsvpWords: Record<string, string> = { yes: 'Going', no: 'Not Going', maybe: 'Maybe' };

const season = (ctx: ActivityContext, seasonId: string) => {
  const name = ctx.seasonName(seasonId);
  return name === undefined ? 'a season' : `the season ${name}`;
};
const team = (ctx: ActivityContext, teamId: string) => ctx.teamName(teamId) ?? 'a team';
const match = (ctx: ActivityContext, matchId: string) => {
  const name = ctx.matchName(matchId);
  return name === undefined ? 'a match' : `the match ${name}`;
};
const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const event = (ctx: ActivityContext, eventId: string) => {
  const title = ctx.eventTitle(eventId);
  return title === undefined ? 'an event' : `“${title}”`;
};
const media = (ctx: ActivityContext, mediaId: string) => {
  const title = ctx.mediaTitle(mediaId);
  return title ? `“${title}”` : 'a file';
};
const player = (ctx: ActivityContext, playerId: string | null) => (playerId && ctx.playerName(playerId)) ?? 'a player';
const livestreamEndWords: Record<string, string> = {
  publisher_stopped: 'the broadcaster stopped',
  publisher_lost: 'the broadcast was lost',
  ended_by_manager: 'ended by a manager',
  team_deleted: 'the team was deleted',
};
const changeWords: Record<string, string> = {
  title: 'the title',
  description: 'the description',
  location: 'the place',
  startsAt: 'the time',
  recurrence: 'the repetition',
};
const changedFields = (changes: object) => {
  const words = Object.keys(changes).map((field) => changeWords[field] ?? field);
  return words.length <= 1 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
};
const because = (reason: string | null) => (reason ? ` (${quote(reason)})` : '');
const quote = (text: string) => `“${text.length > 500 ? `${text.slice(0, 500)}…` : text}”`;
const stat = (s: string) => s.replaceAll('_', ' ');
/** A stat's player: an account ({subject}), a roster player, or the opponent outside Sideline. */
const statPlayer = (
  d: { userId: string | null; playerId: string | null; teamId: string | null },
  ctx: ActivityContext,
) => (d.teamId === null ? 'the opponent' : d.userId ? '{subject}' : player(ctx, d.playerId));
/** The same, possessive. */
const statPlayers = (
  d: { userId: string | null; playerId: string | null; teamId: string | null },
  ctx: ActivityContext,
) => (d.teamId === null ? "the opponent's" : d.userId ? "{subject}'s" : `${player(ctx, d.playerId)}’s`);
const statSubject = (d: { userId: string | null }) => (d.userId ? { subjectId: d.userId } : {});

/**
 * The one place an event becomes a line of an organization's audit: every event type the domain
 * has, in plain words. Events outside any organization (a user renaming themself, an independent
 * team) have a line too but no organization, so they are not kept.
 */
export const activityLines: { [T in DomainEventType]: Line<T> } = {
  // ---- identity (not of an organization) ----
  UserRegistered: (d) => ({ subjectId: d.userId, description: `{subject} signed up as ${d.role}` }),
  UserRenamed: (d) => ({ subjectId: d.userId, description: `{subject} changed their name to ${d.name}` }),
  UserAvatarChanged: (d) => ({
    subjectId: d.userId,
    description: d.avatarUrl ? '{subject} changed their picture' : '{subject} removed their picture',
  }),
  NotificationPreferencesSet: (d) => ({
    subjectId: d.userId,
    description: '{subject} changed their notification preferences',
  }),
  PushSubscriptionAdded: (d) => ({
    subjectId: d.userId,
    description: '{subject} turned notifications on for a device',
  }),
  PushSubscriptionRemoved: (d) => ({
    subjectId: d.userId,
    description:
      d.reason === 'gone'
        ? "{subject}'s device stopped accepting notifications"
        : '{subject} turned notifications off for a device',
  }),
  TeamNotificationsMuted: (d) => ({
    subjectId: d.userId,
    description: d.muted
      ? '{subject} muted the notifications of a team'
      : '{subject} unmuted the notifications of a team',
  }),
  QuietHoursSet: (d) => ({
    subjectId: d.userId,
    description: d.quietHours
      ? `{subject} set quiet hours from ${d.quietHours.start} to ${d.quietHours.end}`
      : '{subject} turned quiet hours off',
  }),

  ReminderSent: (d, ctx) => ({
    teamId: d.teamId,
    description: `Sideline reminded ${d.userIds.length} ${d.userIds.length === 1 ? 'person' : 'people'} to answer ${ctx.eventTitle(d.eventId) ?? 'an event'} (${d.window} before)`,
  }),

  RsvpDeadlineSet: (d, ctx) => ({
    teamId: d.teamId,
    description:
      d.hours === null
        ? `{actor} let answers to ${ctx.eventTitle(d.eventId) ?? 'an event'} stay open until the start`
        : `{actor} closed answers to ${ctx.eventTitle(d.eventId) ?? 'an event'} ${d.hours} h before the start`,
  }),

  // ---- organizations ----
  OrganizationCreated: (d) => ({ orgId: d.orgId, description: `{actor} created the organization ${d.name}` }),
  OrgAdminAdded: (d) =>
    d.userId === d.by
      ? { orgId: d.orgId, subjectId: d.userId, description: '{actor} became an admin of the organization' }
      : { orgId: d.orgId, subjectId: d.userId, description: '{actor} made {subject} an admin' },
  OrgAdminRemoved: (d) =>
    d.userId === d.by
      ? { orgId: d.orgId, subjectId: d.userId, description: '{actor} stepped down as an admin' }
      : { orgId: d.orgId, subjectId: d.userId, description: '{actor} removed {subject} as an admin' },
  OrgSettingsUpdated: (d) => ({
    orgId: d.orgId,
    // In the form's order (stored events are jsonb, which keeps no key order).
    description: `{actor} updated the settings: ${Object.keys(settingLabels)
      .filter((k) => k in d.changes)
      .map((k) => settingLabels[k])
      .join(', ')}`,
  }),
  OrgMemberDeactivated: (d) => ({
    orgId: d.orgId,
    subjectId: d.userId,
    description: "{actor} deactivated {subject} (their access to the club's teams ended)",
  }),
  OrgMemberReactivated: (d) => ({ orgId: d.orgId, subjectId: d.userId, description: '{actor} reactivated {subject}' }),

  // ---- seasons ----
  SeasonCreated: (d) => ({
    orgId: d.orgId,
    description: `{actor} created the season ${d.name} (${seasonSportName(d)})`,
  }),
  SeasonUpdated: (d) => ({ orgId: d.orgId, description: `{actor} edited the season ${d.name}` }),
  SeasonActivated: (d, ctx) => ({ orgId: d.orgId, description: `{actor} activated ${season(ctx, d.seasonId)}` }),
  SeasonDeactivated: (d, ctx) => ({ orgId: d.orgId, description: `{actor} deactivated ${season(ctx, d.seasonId)}` }),
  SeasonDeleted: (d, ctx) => ({ orgId: d.orgId, description: `{actor} deleted ${season(ctx, d.seasonId)}` }),

  // ---- teams ----
  TeamCreated: (d) => ({
    ...(d.orgId ? { orgId: d.orgId } : {}),
    teamId: d.teamId,
    description: `{actor} created the team ${d.name}`,
  }),
  TeamUpdated: (d) => ({ teamId: d.teamId, description: `{actor} edited the team ${d.name}` }),
  TeamDeleted: (d) => ({
    ...(d.orgId ? { orgId: d.orgId } : {}),
    teamId: d.teamId,
    description: `{actor} deleted the team ${d.name}`,
  }),
  MemberJoined: (d, ctx) => {
    const name = team(ctx, d.teamId);
    const role = roleWords[upcastAssignedRole(d.assignedRole)] ?? 'member';
    const how =
      d.via === 'creator'
        ? `{subject} joined ${name} as its creator`
        : d.via === 'assignment'
          ? `{actor} made {subject} the coach of ${name}`
          : d.via === 'invitation'
            ? `{subject} joined ${name} as ${role} by invitation`
            : `{subject} joined ${name} as ${role} with the team code`;
    return { teamId: d.teamId, subjectId: d.userId, description: how };
  },
  TeamRoleAssigned: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{actor} made {subject} ${roleWords[d.assignedRole] ?? d.assignedRole} in ${team(ctx, d.teamId)} (was ${roleWords[d.previousRole] ?? d.previousRole})`,
  }),

  // ---- chat ----
  MessageSent: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{subject} wrote in ${team(ctx, d.teamId)}: ${d.text ? quote(d.text) : '(a photo)'}`,
  }),
  MessagePinned: (d, ctx) => ({ teamId: d.teamId, description: `{actor} pinned a message in ${team(ctx, d.teamId)}` }),
  MessageUnpinned: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} unpinned a message in ${team(ctx, d.teamId)}`,
  }),
  MessageDeleted: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.senderId,
    description:
      d.by === d.senderId
        ? `{actor} deleted their own message in ${team(ctx, d.teamId)}: ${quote(d.text)}`
        : `{actor} deleted {subject}'s message in ${team(ctx, d.teamId)}: ${quote(d.text)}`,
  }),
  MessageEdited: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.senderId,
    description: `{actor} edited their message in ${team(ctx, d.teamId)} from ${quote(d.previousText)} to ${quote(d.text)}`,
  }),

  // ---- media ----
  MediaUploaded: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.uploaderId,
    description: `{subject} uploaded ${d.kind === 'photo' ? 'a photo' : `a ${d.kind}`}${d.title ? ` “${d.title}”` : ''} to ${team(ctx, d.teamId)}`,
  }),
  MediaLiked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{subject} liked ${media(ctx, d.mediaId)} in ${team(ctx, d.teamId)}`,
  }),
  MediaUnliked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{subject} took back their like of ${media(ctx, d.mediaId)} in ${team(ctx, d.teamId)}`,
  }),
  MediaDeleted: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} deleted ${media(ctx, d.mediaId)} from ${team(ctx, d.teamId)}`,
  }),

  // ---- calendar ----
  EventScheduled: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} scheduled “${d.title}” for ${team(ctx, d.teamId)}${d.recurrence ? ' (repeating)' : ''}`,
  }),
  EventCancelled: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} cancelled ${event(ctx, d.eventId)} of ${team(ctx, d.teamId)}`,
  }),
  RsvpRecorded: (d, ctx) =>
    d.playerId
      ? {
          teamId: d.teamId,
          description: `{actor} answered ${rsvpWords[d.status] ?? d.status} for ${player(ctx, d.playerId)} to ${event(ctx, d.eventId)} on ${d.occurrenceDate.slice(0, 10)}`,
        }
      : {
          teamId: d.teamId,
          subjectId: d.userId,
          description: `{actor} answered ${rsvpWords[d.status] ?? d.status} for {subject} to ${event(ctx, d.eventId)} on ${d.occurrenceDate.slice(0, 10)}`,
        },
  EventChanged: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} changed ${changedFields(d.changes)} of ${event(ctx, d.eventId)}${
      d.scope === 'occurrence' ? ` on ${d.occurrenceDate!.slice(0, 10)}` : ' (every occurrence)'
    }${because(d.reason)}`,
  }),
  OccurrenceCancelled: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} cancelled ${event(ctx, d.eventId)} on ${d.occurrenceDate.slice(0, 10)}${because(d.reason)}`,
  }),
  OccurrenceRestored: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} restored ${event(ctx, d.eventId)} on ${d.occurrenceDate.slice(0, 10)}`,
  }),
  EventSeriesSplit: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} changed ${changedFields(d.changes)} of ${event(ctx, d.eventId)} from ${d.occurrenceDate.slice(0, 10)} on${because(d.reason)}`,
  }),
  EventSeriesContinued: (d) => ({
    teamId: d.teamId,
    description: `“${d.title}” continues from ${d.splitFrom.occurrenceDate.slice(0, 10)} as a series of its own`,
  }),

  // ---- players ----
  PlayerAdded: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} added the player ${d.name}${d.jerseyNumber ? ` (#${d.jerseyNumber})` : ''} to ${team(ctx, d.teamId)}`,
  }),
  GuardianLinked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{actor} linked {subject} as a guardian of ${player(ctx, d.playerId)}`,
  }),
  GuardianUnlinked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{actor} unlinked {subject} as a guardian of ${player(ctx, d.playerId)}`,
  }),
  PlayerAccountLinked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{actor} linked {subject}'s account to the player ${player(ctx, d.playerId)}`,
  }),
  PlayerAccountUnlinked: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{actor} unlinked {subject}'s account from the player ${player(ctx, d.playerId)}`,
  }),
  PlayerAdultSet: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} marked ${player(ctx, d.playerId)} as ${d.adult ? 'an adult' : 'a child'} on the roster`,
  }),

  // ---- consent ----
  ConsentAnswered: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} ${d.state === 'given' ? 'gave' : 'withheld'} ${consentWords[d.consent]} consent for ${player(ctx, d.playerId)} (wording v${d.textVersion})${
      d.consent === 'photos'
        ? d.state === 'given'
          ? ': the media naming them is shown to members again'
          : ': the media naming them is hidden from members'
        : ''
    }`,
  }),
  ConsentWordingChanged: (d) => ({
    orgId: d.orgId,
    description: `{actor} changed the consent wording (now v${d.version}): guardians are asked again`,
  }),
  UnknownConsentPolicySet: (d) => ({
    orgId: d.orgId,
    description: `{actor} set unanswered team-only consent to ${d.unknownTeamOnly === 'granted' ? 'granted' : 'ask first'}`,
  }),

  // ---- invitations ----
  InvitationIssued: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} invited ${d.inviteeName} <${d.inviteeEmail}> to ${team(ctx, d.teamId)} as ${d.inviteType}`,
  }),
  InvitationResent: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} resent an invitation to ${team(ctx, d.teamId)}`,
  }),
  InvitationRevoked: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} revoked an invitation to ${team(ctx, d.teamId)}`,
  }),
  InvitationAccepted: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{subject} accepted an invitation to ${team(ctx, d.teamId)} as ${d.inviteType}`,
  }),

  // ---- matches ----
  MatchScheduled: (d, ctx) => ({
    ...(d.orgId ? { orgId: d.orgId } : {}),
    teamId: d.teamAId,
    description: `{actor} scheduled ${team(ctx, d.teamAId)} vs ${d.teamBId === null ? (d.opponentName ?? 'an opponent') : team(ctx, d.teamBId)}${d.seasonId === null ? '' : ` in ${season(ctx, d.seasonId)}`} for ${d.startTime.slice(0, 16).replace('T', ' ')} UTC`,
  }),
  MatchStarted: (d, ctx) => ({ teamId: d.teamIds[0], description: `{actor} started ${match(ctx, d.matchId)}` }),
  MatchCompleted: (d, ctx) => ({
    teamId: d.teamIds[0],
    description: `{actor} completed ${match(ctx, d.matchId)}: ${d.scoreA}–${d.scoreB}`,
  }),
  MatchCancelled: (d, ctx) => ({
    teamId: d.teamIds[0],
    description:
      d.reason === 'team_deleted' && d.deletedTeamId
        ? `${capitalized(match(ctx, d.matchId))} was cancelled because {actor} deleted the team ${team(ctx, d.deletedTeamId)}`
        : `{actor} cancelled ${match(ctx, d.matchId)}`,
  }),
  MatchResultRevised: (d, ctx) => ({
    teamId: d.teamIds[0],
    description: `The result of ${match(ctx, d.matchId)} became ${d.scoreA}–${d.scoreB} after a correction by {actor}`,
  }),
  ParticipantAdded: (d, ctx) => ({
    teamId: d.teamId,
    ...(d.userId ? { subjectId: d.userId } : {}),
    description: `{actor} added ${d.name} to the lineup of ${match(ctx, d.matchId)}${d.isStarter ? ' as a starter' : ''}`,
  }),
  ParticipantRemoved: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} took a player out of the lineup of ${match(ctx, d.matchId)}`,
  }),
  Substituted: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} made a substitution in ${match(ctx, d.matchId)}`,
  }),
  StatRecorded: (d, ctx) => ({
    teamId: d.teamId ?? d.teamIds[0],
    ...statSubject(d),
    description: `{actor} recorded ${d.value} ${stat(d.statType)} for ${statPlayer(d, ctx)} in ${match(ctx, d.matchId)}`,
  }),
  // Corrections of match statistics are what an admin audits: who changed a recorded figure, and why.
  StatAmended: (d, ctx) => ({
    teamId: d.teamId ?? d.teamIds[0],
    ...statSubject(d),
    description: `{actor} corrected ${statPlayers(d, ctx)} ${stat(d.statType)} in ${match(ctx, d.matchId)} from ${d.previousValue} to ${d.value}: ${d.reason}`,
  }),
  StatRetracted: (d, ctx) => ({
    teamId: d.teamId ?? d.teamIds[0],
    ...statSubject(d),
    description: `{actor} retracted ${statPlayers(d, ctx)} ${stat(d.statType)} (${d.value}) in ${match(ctx, d.matchId)}: ${d.reason}`,
  }),

  // ---- livestreams (ingest signals have no person behind them: the broadcaster's software) ----
  LivestreamScheduled: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} set up the ${d.isPublic ? 'public' : 'private'} livestream “${d.title}” for ${team(ctx, d.teamId)}`,
  }),
  LivestreamCancelled: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} cancelled a livestream of ${team(ctx, d.teamId)}`,
  }),
  StreamKeyRotated: (d, ctx) => ({
    teamId: d.teamId,
    description: `{actor} replaced the stream key of a livestream of ${team(ctx, d.teamId)} (now ending …${d.keyHint})`,
  }),
  LivestreamStarted: (d, ctx) => ({
    teamId: d.teamId,
    description: `A livestream of ${team(ctx, d.teamId)} went live`,
  }),
  LivestreamInterrupted: (d, ctx) => ({
    teamId: d.teamId,
    description: `The broadcast of a livestream of ${team(ctx, d.teamId)} dropped`,
  }),
  LivestreamResumed: (d, ctx) => ({
    teamId: d.teamId,
    description: `The broadcast of a livestream of ${team(ctx, d.teamId)} came back`,
  }),
  LivestreamEnded: (d, ctx) => ({
    teamId: d.teamId,
    description: `A livestream of ${team(ctx, d.teamId)} ended (${livestreamEndWords[d.reason]})`,
  }),
  LivestreamChatMessagePosted: (d, ctx) => ({
    teamId: d.teamId,
    subjectId: d.userId,
    description: `{subject} wrote in the live chat of ${team(ctx, d.teamId)}: ${quote(d.message)}`,
  }),
  LivestreamRecordingSaved: (d, ctx) => ({
    teamId: d.teamId,
    description: `The recording of a livestream of ${team(ctx, d.teamId)} (${Math.round(d.durationSeconds / 60)} min) was saved to the Media Hub`,
  }),
};

/** The line of a recorded event, or null for a type the domain does not know. */
export function activityLineOf(type: string, data: unknown, ctx: ActivityContext): ActivityLine | null {
  const line = (activityLines as Record<string, (d: unknown, c: ActivityContext) => ActivityLine>)[type];
  return line ? line(data, ctx) : null;
}

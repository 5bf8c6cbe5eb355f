import type { CalendarEvent, EventRsvp, Message, Team, TeamMember } from '@sideline/domain';

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 'team-1',
    name: 'Riverside Rockets',
    sport: 'Soccer',
    ageGroup: 'U14',
    isIndie: true,
    orgId: null,
    coachId: 'u-1',
    creatorId: 'u-1',
    code: 'ABC234',
    memberCount: 1,
    createdAt: '2026-03-14T10:00:00.000Z',
    myAssignedRole: 'coach',
    ...overrides,
  };
}

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    userId: 'u-1',
    name: 'Jordan Smith',
    avatarUrl: null,
    role: 'coach',
    assignedRole: 'coach',
    canManage: true,
    joinedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm-1',
    teamId: 'team-1',
    userId: 'u-2',
    text: 'Hello team',
    mediaUrl: null,
    timestamp: new Date().toISOString(),
    pinned: false,
    clientId: null,
    user: { name: 'Alex Parent', avatarUrl: null },
    ...overrides,
  };
}

/** An ISO timestamp `minutes` minutes before now. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

/** The fields of an occurrence that a fixture of a plain, unchanged, unanswered one leaves as they are. */
export const unchangedOccurrence = {
  status: 'scheduled',
  previous: null,
  changedAt: null,
  cancelReason: null,
  counts: { going: 0, maybe: 0, notGoing: 0, noReply: 0 },
} satisfies Partial<CalendarEvent>;

/** The fields of a member's own answer that a fixture leaves as they are. */
export const ownAnswer = {
  playerId: null,
  answeredBy: null,
  answeredAt: '2026-03-14T10:00:00.000Z',
  answeredBeforeChange: false,
} satisfies Partial<EventRsvp>;

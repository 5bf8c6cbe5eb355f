/**
 * Every API path, and the one way a path becomes a TanStack Query key (ADR 0029). The features'
 * key factories (`teamKeys`, `calendarKeys`, … in their api.ts) are built from these paths with
 * `apiKey`; code under lib/ builds the keys it needs the same way, which gives the same arrays.
 */
const enc = encodeURIComponent;

export const apiPaths = {
  user: '/api/user',
  userAvatar: '/api/user/avatar',
  userPassword: '/api/user/password',
  userSessions: '/api/user/sessions',
  notificationPreferences: '/api/user/notification-preferences',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  teams: '/api/teams',
  joinTeam: '/api/teams/join',
  dashboard: '/api/dashboard',
  /** The next occurrences of all the caller's teams, with the household's answers (Home). */
  myUpcoming: '/api/me/upcoming',
  team: (teamId: string) => `/api/teams/${enc(teamId)}`,
  teamMembers: (teamId: string) => `/api/teams/${enc(teamId)}/members`,
  teamMemberRole: (teamId: string, userId: string) => `/api/teams/${enc(teamId)}/members/${enc(userId)}/role`,
  teamMessages: (teamId: string) => `/api/teams/${enc(teamId)}/messages`,
  teamPinnedMessages: (teamId: string) => `/api/teams/${enc(teamId)}/messages/pinned`,
  teamMedia: (teamId: string) => `/api/teams/${enc(teamId)}/media`,
  teamMediaItem: (teamId: string, mediaId: string) => `/api/teams/${enc(teamId)}/media/${enc(mediaId)}`,
  teamMediaLike: (teamId: string, mediaId: string) => `/api/teams/${enc(teamId)}/media/${enc(mediaId)}/like`,
  teamLivestreams: (teamId: string) => `/api/teams/${enc(teamId)}/livestreams`,
  livestreams: '/api/livestreams',
  activeLivestreams: '/api/livestreams/active',
  livestream: (id: string) => `/api/livestreams/${enc(id)}`,
  livestreamChat: (id: string) => `/api/livestreams/${enc(id)}/chat`,
  teamEvents: (teamId: string) => `/api/teams/${enc(teamId)}/events`,
  teamUpcomingEvents: (teamId: string) => `/api/teams/${enc(teamId)}/events/upcoming`,
  teamEvent: (teamId: string, eventId: string) => `/api/teams/${enc(teamId)}/events/${enc(eventId)}`,
  /** Every event's answers (/api/events/{eventId}/…), and one event's. */
  events: '/api/events',
  event: (eventId: string) => `/api/events/${enc(eventId)}`,
  eventRsvp: (eventId: string) => `/api/events/${enc(eventId)}/rsvp`,
  /** A manager's reminder, now, to those who haven't answered an occurrence. */
  eventRemind: (eventId: string) => `/api/events/${enc(eventId)}/remind`,
  /** Who is going, maybe, not going and has not answered, by name (`?occurrenceDate=`). */
  eventAttendance: (eventId: string) => `/api/events/${enc(eventId)}/attendance`,
  teamEventHistory: (teamId: string, eventId: string) => `/api/teams/${enc(teamId)}/events/${enc(eventId)}/history`,
  /** Proof of who was told of each change (managers), and a member's report of viewing the event. */
  teamEventNotices: (teamId: string, eventId: string) => `/api/teams/${enc(teamId)}/events/${enc(eventId)}/notices`,
  teamEventViews: (teamId: string, eventId: string) => `/api/teams/${enc(teamId)}/events/${enc(eventId)}/views`,
  /** …/occurrences/{occurrenceDate}/cancel or /restore. */
  teamEventOccurrence: (teamId: string, eventId: string, occurrenceDate: string, action: 'cancel' | 'restore') =>
    `/api/teams/${enc(teamId)}/events/${enc(eventId)}/occurrences/${enc(occurrenceDate)}/${action}`,
  teamCalendarToken: (teamId: string) => `/api/teams/${enc(teamId)}/calendar-token`,
  organizationMembers: (orgId: string) => `/api/organizations/${enc(orgId)}/members`,
  organizations: '/api/organizations',
  organization: (orgId: string) => `/api/organizations/${enc(orgId)}`,
  organizationStats: (orgId: string) => `/api/organizations/${enc(orgId)}/stats`,
  organizationTeams: (orgId: string) => `/api/organizations/${enc(orgId)}/teams`,
  organizationSeasons: (orgId: string) => `/api/organizations/${enc(orgId)}/seasons`,
  organizationSettings: (orgId: string) => `/api/organizations/${enc(orgId)}/settings`,
  organizationActivity: (orgId: string) => `/api/organizations/${enc(orgId)}/activity`,
  seasons: '/api/seasons',
  season: (seasonId: string) => `/api/seasons/${enc(seasonId)}`,
  seasonTeams: (seasonId: string) => `/api/seasons/${enc(seasonId)}/teams`,
  teamInvite: (teamId: string) => `/api/teams/${enc(teamId)}/invite`,
  teamPlayers: (teamId: string) => `/api/teams/${enc(teamId)}/players`,
  teamPlayer: (teamId: string, playerId: string) => `/api/teams/${enc(teamId)}/players/${enc(playerId)}`,
  teamPlayerGuardian: (teamId: string, playerId: string, userId: string) =>
    `/api/teams/${enc(teamId)}/players/${enc(playerId)}/guardians/${enc(userId)}`,
  playerConsents: (teamId: string, playerId: string) => `/api/teams/${enc(teamId)}/players/${enc(playerId)}/consents`,
  teamConsents: (teamId: string) => `/api/teams/${enc(teamId)}/consents`,
  teamInvitations: (teamId: string) => `/api/teams/${enc(teamId)}/invitations`,
  teamInvitation: (teamId: string, invitationId: string) =>
    `/api/teams/${enc(teamId)}/invitations/${enc(invitationId)}`,
  teamInvitationResend: (teamId: string, invitationId: string) =>
    `/api/teams/${enc(teamId)}/invitations/${enc(invitationId)}/resend`,
  invite: (token: string) => `/api/invite/${enc(token)}`,
  inviteAccept: (token: string) => `/api/invite/${enc(token)}/accept`,
  rewardsMe: '/api/rewards/me',
  rewardsTable: '/api/rewards/table',
  gameRecap: '/api/ai/game-recap',
  matches: '/api/matches',
  /** The caller's teams' matches: live, upcoming and recent. */
  myMatches: '/api/me/matches',
  /** One team's matches: live, upcoming (the next first) and recent results. */
  teamMatches: (teamId: string) => `/api/teams/${enc(teamId)}/matches`,
  /** The admin dashboard's and the org console's figures (Live now among them). */
  /** Every read of the admin portal is below it (its own paths are in features/admin/query-keys.ts). */
  admin: '/api/admin',
  adminStats: '/api/admin/stats',
  adminMatches: '/api/admin/matches',
  /** /api/matches/{matchId}, or below it: `match(id, 'stats', statId)` → /api/matches/{id}/stats/{statId}. */
  match: (matchId: string, ...below: string[]) => [`/api/matches/${enc(matchId)}`, ...below.map(enc)].join('/'),
} as const;

/** A query key: an API path's segments, and its query string's parameters as a trailing object. */
export type ApiKey = readonly (string | Readonly<Record<string, string>>)[];

/**
 * `/api/teams/t1/events` → `['api', 'teams', 't1', 'events']`; `…/media?type=photo` → `[…, 'media',
 * { type: 'photo' }]`. The key still reads as the path (spec §7 names the cache keys by their
 * paths), and it is hierarchical: `['api', 'teams', 't1']` is a prefix of every read of team t1,
 * so invalidating it (TanStack's prefix matching) marks them all stale.
 */
export function apiKey(path: string): ApiKey {
  const at = path.indexOf('?');
  const pathname = at === -1 ? path : path.slice(0, at);
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  if (at === -1) return segments;
  return [...segments, Object.fromEntries(new URLSearchParams(path.slice(at + 1)))];
}

/** The API path a key was made from (`apiKey`'s inverse); a part after the path's is left out. */
export function pathOfKey(queryKey: readonly unknown[]): string {
  const segments: string[] = [];
  for (const part of queryKey) {
    if (typeof part !== 'string') break;
    segments.push(enc(part));
  }
  return `/${segments.join('/')}`;
}

/**
 * Every API path and TanStack Query key, in one place. A query's key is exactly its API path
 * (spec §7: the cache keys are the paths), so invalidating after a realtime "this changed"
 * event is `queryClient.invalidateQueries({ queryKey: queryKeys.x })`.
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
  eventRsvp: (eventId: string) => `/api/events/${enc(eventId)}/rsvp`,
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
  adminStats: '/api/admin/stats',
  adminMatches: '/api/admin/matches',
  /** /api/matches/{matchId}, or below it: `match(id, 'stats', statId)` → /api/matches/{id}/stats/{statId}. */
  match: (matchId: string, ...below: string[]) => [`/api/matches/${enc(matchId)}`, ...below.map(enc)].join('/'),
} as const;

export const queryKeys = {
  user: [apiPaths.user] as const,
  notificationPreferences: [apiPaths.notificationPreferences] as const,
  teams: [apiPaths.teams] as const,
  dashboard: [apiPaths.dashboard] as const,
  myUpcoming: [apiPaths.myUpcoming] as const,
  team: (teamId: string) => [apiPaths.team(teamId)] as const,
  teamMessages: (teamId: string) => [apiPaths.teamMessages(teamId)] as const,
  teamPinnedMessages: (teamId: string) => [apiPaths.teamPinnedMessages(teamId)] as const,
  teamMedia: (teamId: string) => [apiPaths.teamMedia(teamId)] as const,
  /** One filter of the Media Hub; invalidating `teamMedia(teamId)` refetches every filter. */
  teamMediaFiltered: (teamId: string, type: string) => [apiPaths.teamMedia(teamId), { type }] as const,
  teamLivestreams: (teamId: string) => [apiPaths.teamLivestreams(teamId)] as const,
  activeLivestreams: [apiPaths.activeLivestreams] as const,
  livestream: (id: string) => [apiPaths.livestream(id)] as const,
  livestreamChat: (id: string) => [apiPaths.livestreamChat(id)] as const,
  teamEvents: (teamId: string) => [apiPaths.teamEvents(teamId)] as const,
  teamUpcomingEvents: (teamId: string) => [apiPaths.teamUpcomingEvents(teamId)] as const,
  eventAttendance: (eventId: string, occurrenceDate: string) =>
    [apiPaths.eventAttendance(eventId), { occurrenceDate }] as const,
  teamEventHistory: (teamId: string, eventId: string) => [apiPaths.teamEventHistory(teamId, eventId)] as const,
  teamEventNotices: (teamId: string, eventId: string) => [apiPaths.teamEventNotices(teamId, eventId)] as const,
  teamMembers: (teamId: string) => [apiPaths.teamMembers(teamId)] as const,
  organizationMembers: (orgId: string) => [apiPaths.organizationMembers(orgId)] as const,
  organizations: [apiPaths.organizations] as const,
  organizationStats: (orgId: string) => [apiPaths.organizationStats(orgId)] as const,
  organizationTeams: (orgId: string) => [apiPaths.organizationTeams(orgId)] as const,
  organizationSeasons: (orgId: string) => [apiPaths.organizationSeasons(orgId)] as const,
  organizationSettings: (orgId: string) => [apiPaths.organizationSettings(orgId)] as const,
  organizationActivity: (orgId: string) => [apiPaths.organizationActivity(orgId)] as const,
  seasons: [apiPaths.seasons] as const,
  season: (seasonId: string) => [apiPaths.season(seasonId)] as const,
  seasonTeams: (seasonId: string) => [apiPaths.seasonTeams(seasonId)] as const,
  teamPlayers: (teamId: string) => [apiPaths.teamPlayers(teamId)] as const,
  playerConsents: (teamId: string, playerId: string) => [apiPaths.playerConsents(teamId, playerId)] as const,
  teamConsents: (teamId: string) => [apiPaths.teamConsents(teamId)] as const,
  teamInvitations: (teamId: string) => [apiPaths.teamInvitations(teamId)] as const,
  invite: (token: string) => [apiPaths.invite(token)] as const,
  rewardsMe: [apiPaths.rewardsMe] as const,
  rewardsTable: [apiPaths.rewardsTable] as const,
  matches: [apiPaths.matches] as const,
  myMatches: [apiPaths.myMatches] as const,
  teamMatches: (teamId: string) => [apiPaths.teamMatches(teamId)] as const,
  match: (matchId: string) => [apiPaths.match(matchId)] as const,
  matchTimeline: (matchId: string) => [apiPaths.match(matchId, 'timeline')] as const,
  matchBoxScore: (matchId: string) => [apiPaths.match(matchId, 'box-score')] as const,
} as const;

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
  team: (teamId: string) => `/api/teams/${enc(teamId)}`,
  teamMembers: (teamId: string) => `/api/teams/${enc(teamId)}/members`,
  teamMemberRole: (teamId: string, userId: string) => `/api/teams/${enc(teamId)}/members/${enc(userId)}/role`,
  teamMessages: (teamId: string) => `/api/teams/${enc(teamId)}/messages`,
  teamPinnedMessages: (teamId: string) => `/api/teams/${enc(teamId)}/messages/pinned`,
  teamMedia: (teamId: string) => `/api/teams/${enc(teamId)}/media`,
  teamMediaItem: (teamId: string, mediaId: string) => `/api/teams/${enc(teamId)}/media/${enc(mediaId)}`,
  teamMediaLike: (teamId: string, mediaId: string) => `/api/teams/${enc(teamId)}/media/${enc(mediaId)}/like`,
  teamEvents: (teamId: string) => `/api/teams/${enc(teamId)}/events`,
  teamUpcomingEvents: (teamId: string) => `/api/teams/${enc(teamId)}/events/upcoming`,
  teamEvent: (teamId: string, eventId: string) => `/api/teams/${enc(teamId)}/events/${enc(eventId)}`,
  eventRsvp: (eventId: string) => `/api/events/${enc(eventId)}/rsvp`,
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
  teamPlayerGuardian: (teamId: string, playerId: string, userId: string) =>
    `/api/teams/${enc(teamId)}/players/${enc(playerId)}/guardians/${enc(userId)}`,
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
} as const;

export const queryKeys = {
  user: [apiPaths.user] as const,
  notificationPreferences: [apiPaths.notificationPreferences] as const,
  teams: [apiPaths.teams] as const,
  dashboard: [apiPaths.dashboard] as const,
  team: (teamId: string) => [apiPaths.team(teamId)] as const,
  teamMessages: (teamId: string) => [apiPaths.teamMessages(teamId)] as const,
  teamPinnedMessages: (teamId: string) => [apiPaths.teamPinnedMessages(teamId)] as const,
  teamMedia: (teamId: string) => [apiPaths.teamMedia(teamId)] as const,
  /** One filter of the Media Hub; invalidating `teamMedia(teamId)` refetches every filter. */
  teamMediaFiltered: (teamId: string, type: string) => [apiPaths.teamMedia(teamId), { type }] as const,
  teamEvents: (teamId: string) => [apiPaths.teamEvents(teamId)] as const,
  teamUpcomingEvents: (teamId: string) => [apiPaths.teamUpcomingEvents(teamId)] as const,
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
  teamInvitations: (teamId: string) => [apiPaths.teamInvitations(teamId)] as const,
  invite: (token: string) => [apiPaths.invite(token)] as const,
  rewardsMe: [apiPaths.rewardsMe] as const,
  rewardsTable: [apiPaths.rewardsTable] as const,
} as const;

/** Whether a query key is one of the admin portal's (its path starts with /api/admin/). */
export function isAdminQueryKey(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/admin/');
}

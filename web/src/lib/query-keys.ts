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
  teamMessage: (teamId: string, messageId: string) => `/api/teams/${enc(teamId)}/messages/${enc(messageId)}`,
  // Admin portal (spec part 2 §7), scoped by the server to the admin's organization.
  adminStats: '/api/admin/stats',
  adminSeasons: '/api/admin/seasons',
  adminSeason: (seasonId: string) => `/api/admin/seasons/${enc(seasonId)}`,
  adminTeams: '/api/admin/teams',
  adminTeam: (teamId: string) => `/api/admin/teams/${enc(teamId)}`,
  adminMatches: '/api/admin/matches',
  adminMatch: (matchId: string) => `/api/admin/matches/${enc(matchId)}`,
  adminPeople: '/api/admin/people',
  adminPerson: (userId: string) => `/api/admin/people/${enc(userId)}`,
  adminMedia: '/api/admin/media',
  adminMediaItem: (mediaId: string) => `/api/admin/media/${enc(mediaId)}`,
  adminSettings: '/api/admin/settings',
  adminActivity: '/api/admin/activity',
  adminActivityTypes: '/api/admin/activity/types',
  matches: '/api/matches',
  match: (matchId: string) => `/api/matches/${enc(matchId)}`,
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
  // Admin portal: each key starts with its path; `isAdminQueryKey` finds them all (any admin
  // change may show in the dashboard, the lists and the activity feed).
  adminStats: [apiPaths.adminStats] as const,
  adminSeasons: [apiPaths.adminSeasons] as const,
  adminTeams: [apiPaths.adminTeams] as const,
  adminMatches: [apiPaths.adminMatches] as const,
  adminPeople: (filters: { search?: string; role?: string } = {}) => [apiPaths.adminPeople, filters] as const,
  adminMedia: (filters: { search?: string; type?: string } = {}) => [apiPaths.adminMedia, filters] as const,
  adminSettings: [apiPaths.adminSettings] as const,
  /** The activity feed; its filters are the second part. */
  adminActivity: (filters: Record<string, string> = {}) => [apiPaths.adminActivity, filters] as const,
  adminActivityTypes: [apiPaths.adminActivityTypes] as const,
  matches: [apiPaths.matches] as const,
} as const;

/** Whether a query key is one of the admin portal's (its path starts with /api/admin/). */
export function isAdminQueryKey(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/admin/');
}

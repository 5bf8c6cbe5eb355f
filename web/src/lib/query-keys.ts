/**
 * Every API path and TanStack Query key, in one place. A query's key is exactly its API path
 * (spec §7: the cache keys are the paths), so invalidating after a realtime "this changed"
 * event is `queryClient.invalidateQueries({ queryKey: queryKeys.x })`.
 */
const enc = encodeURIComponent;

export const apiPaths = {
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  teams: '/api/teams',
  joinTeam: '/api/teams/join',
  dashboard: '/api/dashboard',
  team: (teamId: string) => `/api/teams/${enc(teamId)}`,
  teamMembers: (teamId: string) => `/api/teams/${enc(teamId)}/members`,
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
  rewardsMe: '/api/rewards/me',
  rewardsTable: '/api/rewards/table',
  gameRecap: '/api/ai/game-recap',
} as const;

export const queryKeys = {
  user: [apiPaths.user] as const,
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
  rewardsMe: [apiPaths.rewardsMe] as const,
  rewardsTable: [apiPaths.rewardsTable] as const,
} as const;

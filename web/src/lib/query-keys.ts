/**
 * Every API path and TanStack Query key, in one place. A query's key is exactly its API path
 * (spec §7: the cache keys are the paths), so invalidating after a realtime "this changed"
 * event is `queryClient.invalidateQueries({ queryKey: queryKeys.x })`.
 */
export const apiPaths = {
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  teams: '/api/teams',
  dashboard: '/api/dashboard',
} as const;

export const queryKeys = {
  user: [apiPaths.user] as const,
  teams: [apiPaths.teams] as const,
  dashboard: [apiPaths.dashboard] as const,
  teamMessages: (teamId: string) => [`/api/teams/${teamId}/messages`] as const,
  teamPinnedMessages: (teamId: string) => [`/api/teams/${teamId}/messages/pinned`] as const,
  teamMedia: (teamId: string) => [`/api/teams/${teamId}/media`] as const,
  teamEvents: (teamId: string) => [`/api/teams/${teamId}/events`] as const,
  teamUpcomingEvents: (teamId: string) => [`/api/teams/${teamId}/events/upcoming`] as const,
  teamMembers: (teamId: string) => [`/api/teams/${teamId}/members`] as const,
  organizationMembers: (orgId: string) => [`/api/organizations/${orgId}/members`] as const,
} as const;

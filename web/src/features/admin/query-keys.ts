/**
 * The admin portal's API paths and query keys, in one place (spec part 2 §7: every /api/admin/*
 * call, scoped by the server to the admin's organization). As everywhere in the app, a query's
 * key starts with its API path. Kept beside the portal, not in lib/query-keys.ts, so the app's
 * first download does not carry them.
 */
const enc = encodeURIComponent;

export const adminApiPaths = {
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
  /** The matches API the portal's Create Match and status changes use. */
  matches: '/api/matches',
  match: (matchId: string) => `/api/matches/${enc(matchId)}`,
} as const;

export const adminQueryKeys = {
  adminStats: [adminApiPaths.adminStats] as const,
  adminSeasons: [adminApiPaths.adminSeasons] as const,
  adminTeams: [adminApiPaths.adminTeams] as const,
  adminMatches: [adminApiPaths.adminMatches] as const,
  adminPeople: (filters: { search?: string; role?: string } = {}) => [adminApiPaths.adminPeople, filters] as const,
  adminMedia: (filters: { search?: string; type?: string } = {}) => [adminApiPaths.adminMedia, filters] as const,
  adminSettings: [adminApiPaths.adminSettings] as const,
  /** The activity feed; its filters are the second part. */
  adminActivity: (filters: Record<string, string> = {}) => [adminApiPaths.adminActivity, filters] as const,
  adminActivityTypes: [adminApiPaths.adminActivityTypes] as const,
} as const;

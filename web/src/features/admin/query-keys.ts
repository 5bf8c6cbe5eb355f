/**
 * The admin portal's API paths, in one place (spec part 2 §7: every /api/admin/* call, scoped by
 * the server to the admin's organization); its keys (`adminKeys`, in api.ts) are made from them.
 * Kept beside the portal, not in lib/query-keys.ts, so the app's first download does not carry them.
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
  adminConsents: '/api/admin/consents',
  /** The matches API the portal's Create Match and status changes use. */
  matches: '/api/matches',
  match: (matchId: string) => `/api/matches/${enc(matchId)}`,
} as const;

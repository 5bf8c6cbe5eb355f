/** Client routes, in one place (spec part 1 §2, part 2 §2). */
export const paths = {
  home: '/',
  auth: '/auth',
  invite: '/invite',
  teams: '/teams',
  /** One team's page: /team/{teamId} (see `teamPath`). */
  team: '/team',
  chat: '/chat',
  events: '/events',
  media: '/media',
  gamification: '/gamification',
  createTeam: '/create-team',
  settings: '/settings',
  orgAdmin: '/org-admin',
  livestream: '/livestream',
  /** Games (matches and livestreams, for everyone); `/games` redirects here. */
  matches: '/matches',
  games: '/games',
  sportsDemo: '/sports-demo',
  /** More: everything the phone's bottom bar has no room for. */
  more: '/more',
  seasons: '/seasons',
  admin: '/admin',
} as const;

/** /team/{teamId} */
export function teamPath(teamId: string): string {
  return `${paths.team}/${encodeURIComponent(teamId)}`;
}

/** /seasons/{seasonId}/teams */
export function seasonTeamsPath(seasonId: string): string {
  return `${paths.seasons}/${encodeURIComponent(seasonId)}/teams`;
}

/** /chat/{teamId}, or /chat when no team is given. */
export function chatPath(teamId?: string | null): string {
  return teamId ? `${paths.chat}/${encodeURIComponent(teamId)}` : paths.chat;
}

/** /events/{teamId}, or /events (all of the user's teams) when no team is given. */
export function eventsPath(teamId?: string | null): string {
  return teamId ? `${paths.events}/${encodeURIComponent(teamId)}` : paths.events;
}

/** A match's page: /matches/{matchId} (score, timeline, lineups, box score), for every member of its teams. */
export function matchPath(matchId: string): string {
  return `${paths.matches}/${encodeURIComponent(matchId)}`;
}

/** The scorer of a match: /matches/{matchId}/score, for its managers. */
export function matchScorerPath(matchId: string): string {
  return `${matchPath(matchId)}/score`;
}

/**
 * Screens that exist in this build. Menu entries, tiles and buttons for a screen that is not
 * built yet are hidden or shown as "Coming soon" (no dead links); flip the flag in the change
 * that adds the route.
 */
export const builtScreens = {
  teams: true,
  createTeam: true,
  chat: true,
  events: true,
  media: true,
  gamification: true,
  settings: true,
  livestream: true,
  matches: true,
  seasons: true,
  orgAdmin: true,
  /** The admin portal (/admin, spec part 2 §2). */
  admin: true,
} as const;

export type BuiltScreens = { readonly [K in keyof typeof builtScreens]: boolean };

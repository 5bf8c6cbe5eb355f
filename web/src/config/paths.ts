/** Client routes, in one place (spec §2). */
export const paths = {
  home: '/',
  auth: '/auth',
  invite: '/invite',
  teams: '/teams',
  chat: '/chat',
  events: '/events',
  media: '/media',
  gamification: '/gamification',
  createTeam: '/create-team',
  orgAdmin: '/org-admin',
  livestream: '/livestream',
} as const;

/**
 * Screens that exist in this build. Menu entries for a screen that is not built yet are hidden
 * (no dead links); flip the flag in the change that adds the route.
 */
export const builtScreens = {
  gamification: false,
  settings: false,
} as const;

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { FirstLoadPlaceholder } from '../components/ui/first-load.tsx';
import { ProtectedRoute } from '../features/auth/components/protected-route.tsx';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { startHomeQueries, startSignedInQueries } from './prefetch.ts';
import { RouteErrorBoundary } from './routes/route-error.tsx';

/**
 * The route table. Public: /auth and /invite. Everything inside ProtectedRoute needs a signed-in user and
 * renders in the AppShell. Add new screens there (and flip `builtScreens` for menu entries).
 *
 * Each screen is its own chunk (`lazy`), so the sign-in screen and Home download only their own
 * code. Loaders start the data a screen needs at the same moment as its code, and never wait for
 * it: the screen renders its own loading states.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorBoundary />,
      // While the first screen's code downloads: a spinner, or Home as the person last saw it.
      hydrateFallbackElement: <FirstLoadPlaceholder />,
      children: [
        {
          path: paths.auth,
          lazy: async () => ({ Component: (await import('../features/auth/routes/auth.tsx')).AuthRoute }),
        },
        {
          path: paths.invite,
          lazy: async () => ({ Component: (await import('../features/invitations/routes/invite.tsx')).InviteRoute }),
        },
        {
          element: <ProtectedRoute />,
          loader: () => startSignedInQueries(queryClient),
          children: [
            {
              lazy: async () => ({ Component: (await import('../components/layouts/app-shell.tsx')).AppShell }),
              children: [
                {
                  index: true,
                  loader: () => startHomeQueries(queryClient),
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/routes/dashboard.tsx')).DashboardRoute,
                  }),
                },
                {
                  path: paths.teams,
                  lazy: async () => ({ Component: (await import('../features/teams/routes/teams.tsx')).TeamsRoute }),
                },
                {
                  path: paths.createTeam,
                  lazy: async () => ({
                    Component: (await import('../features/teams/routes/create-team.tsx')).CreateTeamRoute,
                  }),
                },
                {
                  path: `${paths.team}/:teamId`,
                  lazy: async () => ({ Component: (await import('../features/teams/routes/team.tsx')).TeamRoute }),
                },
                {
                  path: `${paths.chat}/:teamId?`,
                  lazy: async () => ({ Component: (await import('../features/chat/routes/chat.tsx')).ChatRoute }),
                },
                {
                  path: `${paths.events}/:teamId?`,
                  lazy: async () => ({
                    Component: (await import('../features/calendar/routes/events.tsx')).EventsRoute,
                  }),
                },
                {
                  path: `${paths.media}/:teamId?`,
                  lazy: async () => ({ Component: (await import('../features/media/routes/media.tsx')).MediaRoute }),
                },
                {
                  path: paths.livestream,
                  lazy: async () => ({
                    Component: (await import('../features/livestreams/routes/livestream.tsx')).LivestreamRoute,
                  }),
                },
                {
                  path: paths.gamification,
                  lazy: async () => ({
                    Component: (await import('../features/rewards/routes/gamification.tsx')).GamificationRoute,
                  }),
                },
                {
                  path: paths.orgAdmin,
                  lazy: async () => ({
                    Component: (await import('../features/orgs/routes/org-admin.tsx')).OrgAdminRoute,
                  }),
                },
                {
                  path: paths.seasons,
                  lazy: async () => ({
                    Component: (await import('../features/seasons/routes/seasons.tsx')).SeasonsRoute,
                  }),
                },
                {
                  path: `${paths.seasons}/:seasonId/teams`,
                  lazy: async () => ({
                    Component: (await import('../features/seasons/routes/season-teams.tsx')).SeasonTeamsRoute,
                  }),
                },
                {
                  // A match's page (every member of its teams) and its scorer (its managers).
                  path: `${paths.matches}/:matchId`,
                  lazy: async () => ({ Component: (await import('../features/matches/routes/match.tsx')).MatchRoute }),
                },
                {
                  path: `${paths.matches}/:matchId/score`,
                  lazy: async () => ({
                    Component: (await import('../features/matches/routes/scorer.tsx')).ScorerRoute,
                  }),
                },
                {
                  path: paths.matches,
                  lazy: async () => ({
                    Component: (await import('../features/matches/routes/matches.tsx')).MatchesRoute,
                  }),
                },
                {
                  // Games lives at /matches (beside /matches/{id}); /games is its friendly alias.
                  path: paths.games,
                  loader: ({ request }) => redirect(`${paths.matches}${new URL(request.url).search}`),
                },
                {
                  path: paths.more,
                  lazy: async () => ({ Component: (await import('../features/more/routes/more.tsx')).MoreRoute }),
                },
                {
                  path: paths.sportsDemo,
                  lazy: async () => ({
                    Component: (await import('../features/sports/routes/sports-demo.tsx')).SportsDemoRoute,
                  }),
                },
                {
                  // The admin portal (spec part 2 §2): its sections are routes of its own chunk.
                  path: `${paths.admin}/*`,
                  lazy: async () => ({
                    Component: (await import('../features/admin/routes/portal.tsx')).AdminPortalRoute,
                  }),
                },
                {
                  path: paths.settings,
                  lazy: async () => ({
                    Component: (await import('../features/settings/routes/settings.tsx')).SettingsRoute,
                  }),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
        },
      ],
    },
  ];
}

/** The app's routes, on the app's query client. */
export const routes: RouteObject[] = createRoutes(appQueryClient);

export function createAppRouter() {
  return createBrowserRouter(routes);
}

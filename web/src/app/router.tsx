import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { paths } from '../config/paths.ts';
import { ProtectedRoute } from '../features/auth/components/protected-route.tsx';
import { AuthRoute } from '../features/auth/routes/auth.tsx';
import { ChatRoute } from '../features/chat/routes/chat.tsx';
import { DashboardRoute } from '../features/dashboard/routes/dashboard.tsx';
import { EventsRoute } from '../features/events/routes/events.tsx';
import { GamificationRoute } from '../features/gamification/routes/gamification.tsx';
import { MediaRoute } from '../features/media/routes/media.tsx';
import { CreateTeamRoute } from '../features/teams/routes/create-team.tsx';
import { TeamRoute } from '../features/teams/routes/team.tsx';
import { TeamsRoute } from '../features/teams/routes/teams.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

/**
 * The route table. Public: /auth. Everything inside ProtectedRoute needs a signed-in user and
 * renders in the AppShell. Add new screens there (and flip `builtScreens` for menu entries).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: paths.auth, element: <AuthRoute /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <DashboardRoute /> },
              { path: paths.teams, element: <TeamsRoute /> },
              { path: paths.createTeam, element: <CreateTeamRoute /> },
              { path: `${paths.team}/:teamId`, element: <TeamRoute /> },
              { path: `${paths.chat}/:teamId?`, element: <ChatRoute /> },
              { path: `${paths.events}/:teamId?`, element: <EventsRoute /> },
              { path: `${paths.media}/:teamId?`, element: <MediaRoute /> },
              { path: paths.gamification, element: <GamificationRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

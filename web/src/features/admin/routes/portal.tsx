import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, useLocation } from 'react-router-dom';

/**
 * A section's screen, its own chunk (loaded when first opened). `preload` starts that download
 * before the layout's chunk has arrived, so the two load side by side, not one after the other.
 */
function section<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return { Screen: lazy(preload), preload };
}

/**
 * The layout (role check, navigation) is a chunk of its own too: this module stays tiny, so the
 * app's first download carries only its name.
 */
const AdminLayout = lazy(async () => ({ default: (await import('../components/admin-layout.tsx')).AdminLayout }));

/** While a section's code arrives. */
function Loading() {
  return <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />;
}

/**
 * The portal's sections (spec part 2 §2) and Activity: every path of a section shows its screen;
 * the create/edit/invite/upload paths open their dialogs over it. Matched here, in the portal's
 * own chunk, so the app's first download carries none of it.
 */
const table: [ReturnType<typeof section>, string[]][] = [
  [section(() => import('./dashboard.tsx'), 'AdminDashboardRoute'), ['']],
  [
    section(() => import('./seasons.tsx'), 'AdminSeasonsRoute'),
    ['seasons', 'seasons/create', 'seasons/:seasonId/edit'],
  ],
  [
    section(() => import('./teams.tsx'), 'AdminTeamsRoute'),
    ['teams', 'teams/create', 'teams/:teamId/edit', 'teams/:teamId/invite'],
  ],
  [
    section(() => import('./matches.tsx'), 'AdminMatchesRoute'),
    ['matches', 'matches/create', 'matches/:matchId', 'matches/:matchId/edit'],
  ],
  [
    section(() => import('./people.tsx'), 'AdminPeopleRoute'),
    ['people', 'people/invite', 'people/:personId/edit', 'people/:personId/role'],
  ],
  [section(() => import('./media.tsx'), 'AdminMediaRoute'), ['media', 'media/upload']],
  [section(() => import('./settings.tsx'), 'AdminSettingsRoute'), ['settings']],
  [section(() => import('./activity.tsx'), 'AdminActivityRoute'), ['activity']],
  [section(() => import('./consents.tsx'), 'AdminConsentsRoute'), ['consents']],
];

function findSection(pathname: string) {
  for (const [{ Screen, preload }, paths] of table) {
    for (const path of paths) {
      const match = matchPath({ path: path ? `/admin/${path}` : '/admin', end: true }, pathname);
      if (match) return { Screen, preload, params: match.params };
    }
  }
  return null;
}

/** /admin/* — the admin portal. AdminLayout checks the role before any section shows. */
export function AdminPortalRoute() {
  const { pathname } = useLocation();
  const found = findSection(pathname);
  void found?.preload();
  return (
    <Suspense fallback={<Loading />}>
      <AdminLayout params={found?.params ?? {}}>
        {found ? (
          <Suspense fallback={<Loading />}>
            <found.Screen />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">There is no such admin page.</p>
        )}
      </AdminLayout>
    </Suspense>
  );
}

import { Outlet, useLocation } from 'react-router-dom';
import { SignedInProviders } from '../../app/signed-in-providers.tsx';
import { useUser } from '../../features/auth/api.ts';
import { NotificationOffer } from '../../features/notifications/components/notification-offer.tsx';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { OfflineBanner } from '../../lib/offline/offline-banner.tsx';
import { OutboxStatus } from '../../lib/offline/outbox-status.tsx';
import { useIsDesktop } from '../../lib/use-media-query.ts';
import { Logo } from '../logo.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Sidebar } from './sidebar.tsx';
import { isNavEntryActive, sidebarVisibleAt } from './nav-items.ts';
import { paths } from '../../config/paths.ts';

const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab key: jumps past the navigation to the screen's content, or straight
 * into the screen's main field when it marks one (`data-skip-target`, the chat's message box).
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        const target = main.querySelector<HTMLElement>('[data-skip-target]') ?? main;
        target.focus();
      }}
      className="sr-only z-[60] rounded-xl bg-white px-4 py-3 text-sm font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}

/**
 * Layout of every signed-in screen. Small screens: a top header with the Profile menu, and the
 * bottom navigation. Wide screens: the fixed sidebar (or, where it is hidden, a header with the
 * Profile menu). Only one navigation is mounted at a time, chosen by the `md` breakpoint, so each
 * control exists once. Rendered inside ProtectedRoute, so the user is present.
 */
export function AppShell() {
  const { data: user } = useUser();
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  if (!user) return null;
  const withSidebar = isDesktop && sidebarVisibleAt(pathname);
  // The chat lays itself out over the whole screen and shows its own offline state.
  const ownOfflineState = isNavEntryActive(pathname, paths.chat);

  return (
    <SignedInProviders>
      <div className={cn('flex min-h-dvh flex-col', withSidebar && 'md:pl-64')}>
        <SkipLink />
        {withSidebar ? (
          <Sidebar user={user} pathname={pathname} />
        ) : (
          <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
            <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
              <Logo className="text-lg" />
              <ProfileMenu user={user} />
            </div>
          </header>
        )}
        {/* pb leaves room for the bottom navigation on small screens. */}
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl min-w-0 flex-1 px-4 pt-5 pb-24 outline-none md:px-8 md:pt-8 md:pb-10"
        >
          {ownOfflineState ? null : (
            <div className="space-y-2 empty:hidden [&:not(:empty)]:mb-4">
              <OfflineBanner />
              <OutboxStatus userId={user.id} />
            </div>
          )}
          <Outlet />
        </main>
        {isDesktop ? null : <BottomNav user={user} pathname={pathname} />}
        <NotificationOffer />
      </div>
    </SignedInProviders>
  );
}

import { Outlet } from 'react-router-dom';
import { useUser } from '../../features/auth/api.ts';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import { Logo } from '../logo.tsx';

/**
 * Layout of every signed-in screen: a top header (brand, profile menu) and the page. Rendered
 * inside ProtectedRoute, so the user is present.
 */
export function AppShell() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
          <Logo className="text-lg" />
          <ProfileMenu user={user} />
        </div>
      </header>
      {/* pb leaves room for the bottom navigation on small screens. */}
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-24 md:pb-10">
        <Outlet />
      </main>
      {/*
        Bottom navigation slot (small screens only; a later issue): Home, Teams, Chat, Events,
        Media; Live for coach / org_admin; Admin for org_admin; plus the profile menu. Render it
        here as <BottomNav user={user} />, fixed to the bottom with md:hidden.
      */}
    </div>
  );
}

import type { User } from '@sideline/domain';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { builtScreens, type BuiltScreens } from '../../config/paths.ts';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { cn } from '../../lib/cn.ts';
import { Logo } from '../logo.tsx';
import { Button } from '../ui/button.tsx';
import { isNavEntryActive, orgAdminShortcut, sidebarEntries } from './nav-items.ts';

interface SidebarProps {
  user: User;
  pathname: string;
  built?: BuiltScreens;
}

/**
 * Wide screens (spec part 2 §2): fixed at the left with the user's avatar, name and role (the
 * Profile menu trigger), the navigation for the user's role, and 'Sign Out' at the bottom.
 */
export function Sidebar({ user, pathname, built = builtScreens }: SidebarProps) {
  const entries = sidebarEntries(user.role, built);
  const orgAdmin = orgAdminShortcut(user.role, built);
  const { signOut, isPending } = useSignOut();

  return (
    <aside
      aria-label="Sidebar"
      className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-slate-200/80 bg-white md:flex"
    >
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/" aria-label="Sideline home" className="rounded-lg">
          <Logo className="text-lg" />
        </Link>
      </div>
      <div className="px-3">
        <ProfileMenu user={user} variant="sidebar" />
      </div>
      <nav aria-label="Main navigation" className="mt-4 flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {entries.map(({ label, to, icon: Icon }) => {
            const active = isNavEntryActive(pathname, to);
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors',
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
        {orgAdmin ? (
          <Link
            to={orgAdmin.to}
            title={orgAdmin.label}
            aria-current={isNavEntryActive(pathname, orgAdmin.to) ? 'page' : undefined}
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-200 px-3 text-sm font-medium text-slate-600 hover:bg-slate-50"
          >
            <orgAdmin.icon className="size-4" aria-hidden="true" />
            {orgAdmin.label}
          </Link>
        ) : null}
      </nav>
      <div className="border-t border-slate-200/80 p-3">
        <Button
          variant="bare"
          size="bare"
          className="h-11 w-full min-w-11 justify-start gap-2 rounded-xl px-4 text-sm whitespace-nowrap text-slate-600 hover:bg-slate-100"
          disabled={isPending}
          aria-busy={isPending || undefined}
          onClick={signOut}
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </aside>
  );
}

import type { User } from '@sideline/domain';
import { Link } from 'react-router-dom';
import { builtScreens, type BuiltScreens } from '../../config/paths.ts';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { bottomNavEntries, isNavEntryActive } from './nav-items.ts';

interface BottomNavProps {
  user: User;
  pathname: string;
  built?: BuiltScreens;
}

/** Small screens: the tab bar fixed to the bottom, with the Profile menu as its last entry. */
export function BottomNav({ user, pathname, built = builtScreens }: BottomNavProps) {
  const entries = bottomNavEntries(user.role, built);
  return (
    <nav
      aria-label="Main navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch">
        {entries.map(({ label, to, icon: Icon }) => {
          const active = isNavEntryActive(pathname, to);
          return (
            <li key={to} className="flex-1">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-[11px] leading-none font-medium transition-colors',
                  active ? 'text-brand-600' : 'text-slate-500 hover:text-slate-900',
                )}
              >
                <Icon className={cn('size-6', active && 'stroke-[2.4]')} aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
        <li className="flex-1">
          <ProfileMenu user={user} variant="bottom-nav" />
        </li>
      </ul>
    </nav>
  );
}

import type { User } from '@sideline/domain';
import { Link } from 'react-router-dom';
import { builtScreens, type BuiltScreens } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { activeBottomEntry, bottomNavEntries } from './nav-items.ts';

interface BottomNavProps {
  user: User;
  pathname: string;
  built?: BuiltScreens;
}

/**
 * Small screens: the tab bar fixed to the bottom, five entries at most (Home, Schedule, Chat,
 * Games, More). Each entry is a full-height, fifth-of-the-width target (64 px tall).
 */
export function BottomNav({ user, pathname, built = builtScreens }: BottomNavProps) {
  const entries = bottomNavEntries(user.role, built);
  const active = activeBottomEntry(entries, pathname);
  return (
    <nav
      aria-label="Main navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch">
        {entries.map(({ label, to, icon: Icon }) => {
          const current = active?.to === to;
          return (
            <li key={to} className="flex-1">
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-xs leading-none font-medium transition-colors',
                  current ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <Icon className={cn('size-6', current && 'stroke-[2.4]')} aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

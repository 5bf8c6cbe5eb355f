import { Award, CalendarDays, Image, MessageCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { builtScreens, chatPath, paths, type BuiltScreens } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

interface Tile {
  label: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
  /** Where the tile goes; null while its screen is not built ("Coming soon", no dead link). */
  to: string | null;
}

export function dashboardTiles(teamId: string, built: BuiltScreens = builtScreens): Tile[] {
  const team = encodeURIComponent(teamId);
  return [
    {
      label: 'Chat',
      hint: 'Team messages',
      icon: MessageCircle,
      tone: 'bg-brand-50 text-brand-600',
      to: built.chat ? chatPath(teamId) : null,
    },
    {
      label: 'Events',
      hint: 'Games & practices',
      icon: CalendarDays,
      tone: 'bg-emerald-50 text-emerald-600',
      to: built.events ? `${paths.events}/${team}` : null,
    },
    {
      label: 'Media',
      hint: 'Photos & videos',
      icon: Image,
      tone: 'bg-orange-50 text-orange-600',
      to: built.media ? `${paths.media}/${team}` : null,
    },
    {
      label: 'Badges',
      hint: 'Rewards & XP',
      icon: Award,
      tone: 'bg-purple-50 text-purple-600',
      to: built.gamification ? paths.gamification : null,
    },
  ];
}

const tileClassName =
  'flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200/80 bg-white p-4 text-center shadow-sm shadow-slate-900/5';

/** The four home tiles: Chat, Events, Media, Badges. Unbuilt screens show 'Coming soon'. */
export function QuickTiles({ teamId }: { teamId: string }) {
  return (
    <ul className="grid grid-cols-4 gap-2 sm:gap-3" aria-label="Quick links">
      {dashboardTiles(teamId).map(({ label, hint, icon: Icon, tone, to }) => {
        const content = (
          <>
            <span className={cn('flex size-11 items-center justify-center rounded-xl', tone)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold text-slate-900">{label}</span>
            <span className="hidden text-xs text-slate-500 sm:block">{to ? hint : 'Coming soon'}</span>
          </>
        );
        return (
          <li key={label}>
            {to ? (
              <Link to={to} className={cn(tileClassName, 'transition-shadow hover:shadow-md')}>
                {content}
              </Link>
            ) : (
              <div className={cn(tileClassName, 'opacity-60')} aria-label={`${label} (coming soon)`} role="group">
                {content}
                <span className="text-[10px] font-medium text-slate-500 sm:hidden" aria-hidden="true">
                  Soon
                </span>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import type { Season } from '@sideline/domain';
import { CalendarRange, Pencil, Trash2, UsersRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { seasonTeamsPath } from '../../../config/paths.ts';
import { dateRange, daysLeftText, statusOf, statusTones } from '../lib/season-display.ts';

interface SeasonCardProps {
  season: Season;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A season on /seasons (spec part 2 §2, §9): status, dates, days left, up to 3 teams, Manage Teams. */
export function SeasonCard({ season, canManage, onEdit, onDelete }: SeasonCardProps) {
  const titleId = useId();
  const status = statusOf(season);
  const more = season.teamCount - season.teams.length;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-900/5"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
            {season.name}
          </h2>
          <p className="text-sm text-slate-500">{season.sport}</p>
        </div>
        <Badge tone={statusTones[status]}>{status}</Badge>
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
        <CalendarRange className="size-4 text-slate-400" aria-hidden="true" />
        {dateRange(season)}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700">{daysLeftText(season)}</p>
      <div className="mt-3">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <UsersRound className="size-3.5" aria-hidden="true" />
          {season.teamCount === 1 ? '1 team' : `${season.teamCount} teams`}
        </p>
        {season.teams.length > 0 ? (
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Teams of ${season.name}`}>
            {season.teams.map((t) => (
              <li key={t.id}>
                <Badge tone="brand">{t.name}</Badge>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge>+{more} more</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div className="mt-auto flex items-center gap-2 pt-4">
        <Link to={seasonTeamsPath(season.id)} className={buttonClassName('secondary', 'sm', 'grow basis-0')}>
          Manage Teams
        </Link>
        {canManage ? (
          <RowActions
            label={`Actions for ${season.name}`}
            actions={[
              { label: 'Edit', name: `Edit ${season.name}`, icon: Pencil, onSelect: onEdit },
              { label: 'Delete', name: `Delete ${season.name}`, icon: Trash2, onSelect: onDelete, destructive: true },
            ]}
          />
        ) : null}
      </div>
    </article>
  );
}

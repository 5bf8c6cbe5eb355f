import { CalendarDays, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { builtScreens, paths } from '../../../config/paths.ts';

/**
 * Home "This Week". Events do not exist yet, so it shows its empty state; the Calendar link and
 * the Add Event button appear with the events screen (`builtScreens.events`).
 */
export function ThisWeek({ teamId }: { teamId: string }) {
  const eventsPath = `${paths.events}/${encodeURIComponent(teamId)}`;
  return (
    <Card role="region" className="flex flex-col" aria-labelledby="home-this-week">
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <h2 id="home-this-week" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarDays className="size-5 text-emerald-600" aria-hidden="true" />
          This Week
        </h2>
        {builtScreens.events ? (
          <Link to={eventsPath} className="text-sm font-semibold text-brand-600 hover:text-brand-700">
            Calendar
          </Link>
        ) : null}
      </div>
      <div className="flex-1 px-2 pb-3">
        <EmptyState
          as="h3"
          icon={CalendarDays}
          title="No upcoming events"
          description="Schedule your next game or practice!"
          className="py-6"
        >
          {builtScreens.events ? (
            <Link to={eventsPath} className={buttonClassName('outline', 'sm')}>
              <Plus className="size-4" aria-hidden="true" />
              Add Event
            </Link>
          ) : null}
        </EmptyState>
      </div>
    </Card>
  );
}

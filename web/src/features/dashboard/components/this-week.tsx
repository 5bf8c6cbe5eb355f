import type { Team } from '@sideline/domain';
import { CalendarDays, Clock, MapPin, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, textLinkClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { eventsPath } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useTeamUpcomingEvents } from '../../events/api.ts';
import { RsvpButtons } from '../../events/components/rsvp-buttons.tsx';
import { formatEventDate, formatEventTime, occurrenceKey } from '../../events/lib/event-dates.ts';
import type { TeamEvent } from '../../events/types.ts';
import { useManageableTeamIds } from '../../events/use-manageable-teams.ts';

// The form (and its validation library) downloads when a manager opens it, not with Home.
const CreateEventDialog = lazy(async () => ({
  default: (await import('../../events/components/create-event-dialog.tsx')).CreateEventDialog,
}));

/** Home shows this many upcoming events (spec §9). */
export const HOME_EVENT_COUNT = 2;

/**
 * Home "This Week" (spec part 1 §2): the selected team's next 2 events with the user's answer;
 * empty state with Add Event for managers; a Calendar link to the team's events.
 */
export function ThisWeek({ team }: { team: Team }) {
  const { data: user } = useUser();
  const upcoming = useTeamUpcomingEvents(team.id);
  const canManage = useManageableTeamIds([team]).has(team.id);
  const [creating, setCreating] = useState(false);
  const events = (upcoming.data ?? []).slice(0, HOME_EVENT_COUNT);

  return (
    <Card role="region" className="flex flex-col" aria-labelledby="home-this-week">
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <h2 id="home-this-week" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarDays className="size-5 text-emerald-600" aria-hidden="true" />
          This Week
        </h2>
        <Link to={eventsPath(team.id)} className={textLinkClassName}>
          Calendar
        </Link>
      </div>
      <div className="flex-1 px-2 pb-3">
        {upcoming.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading events" />
          </div>
        ) : upcoming.isError ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-slate-500">
            We couldn&apos;t load the events.
          </p>
        ) : events.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarDays}
            title="No upcoming events"
            description="Schedule your next game or practice!"
            className="py-6"
          >
            {canManage ? (
              <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
                <Plus className="size-4" aria-hidden="true" />
                Add Event
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <ul aria-label="Upcoming events" className="space-y-2 px-3">
            {events.map((event) => (
              <li key={occurrenceKey(event)}>
                <HomeEvent event={event} userId={user?.id} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {canManage && creating ? (
        <Suspense fallback={null}>
          <CreateEventDialog team={team} open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** One upcoming event with the user's real answer and all three choices, as in the detail dialog. */
function HomeEvent({ event, userId }: { event: TeamEvent; userId: string | undefined }) {
  return (
    <article aria-label={event.title} className="space-y-3 rounded-xl border border-slate-100 bg-slate-50/60 p-3">
      <div className="min-w-0 space-y-0.5">
        <h3 className="truncate font-semibold text-slate-900">{event.title}</h3>
        <p className="text-xs font-medium text-brand-700">{formatEventDate(event.date)}</p>
        {event.description ? (
          <p className="line-clamp-2 text-sm text-slate-600 wrap-anywhere">{event.description}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {formatEventTime(event.date)}
          </span>
          {event.location ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{event.location}</span>
            </span>
          ) : null}
        </p>
      </div>
      <RsvpButtons event={event} userId={userId} label={`Your RSVP: ${event.title}`} />
    </article>
  );
}

import type { Team } from '@sideline/domain';
import { CalendarDays, Plus, Users } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { eventsPath, paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useTeams } from '../../teams/api.ts';
import { TeamSwitcher } from '../../teams/components/team-switcher.tsx';
import { useSelectedTeam } from '../../teams/selected-team.ts';
import { useEventsOfTeams } from '../api.ts';
import { useRostersOfTeams } from '../schedule-api.ts';
import { CalendarSubscribe } from '../components/calendar-subscribe.tsx';
import { EventCard } from '../components/event-card.tsx';
import { myRsvp } from '../components/rsvp-buttons.tsx';
import { eventTime, filterEvents, occurrenceKey, type EventFilter } from '../lib/event-dates.ts';
import { householdAnswers, householdPeople } from '../lib/household.ts';
import type { HouseholdAnswer, Player, TeamEvent } from '../types.ts';
import { useManageableTeamIds } from '../use-manageable-teams.ts';

// The form (and its validation library) downloads when a manager opens it, not with the list.
// The detail (Radix's dialog, attendance, history, the edit forms) loads when a first card is opened.
const EventDetailDialog = lazy(async () => ({
  default: (await import('../components/event-detail-dialog.tsx')).EventDetailDialog,
}));
const CreateEventDialog = lazy(async () => ({
  default: (await import('../components/create-event-dialog.tsx')).CreateEventDialog,
}));

const tabs: { value: EventFilter; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'all', label: 'All Events' },
  { value: 'past', label: 'Past' },
];

function isFilter(value: string | null): value is EventFilter {
  return value === 'upcoming' || value === 'all' || value === 'past';
}

/**
 * /events (every team of the user, merged) and /events/{teamId} (one team): spec part 1 §2.
 * Upcoming / All Events / Past really filter; managers (spec §6) create and delete.
 */
export function EventsRoute() {
  const { teamId } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: user } = useUser();
  const teamsQuery = useTeams();
  const teams = useMemo(() => teamsQuery.data ?? [], [teamsQuery.data]);
  const { selectedTeam: defaultTeam } = useSelectedTeam(teams, user?.id ?? '');
  const routeTeam = teamId ? (teams.find((t) => t.id === teamId) ?? null) : null;
  const scopeTeams = routeTeam ? [routeTeam] : teams;
  const manageable = useManageableTeamIds(teams);
  const { events, isPending } = useEventsOfTeams(scopeTeams.map((t) => t.id));
  const rosters = useRostersOfTeams(scopeTeams.map((t) => t.id));

  const tabParam = searchParams.get('tab');
  const filter: EventFilter = isFilter(tabParam) ? tabParam : 'upcoming';
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // Once loaded the detail stays mounted, so that it closes with its animation. (Every hook is
  // called before the early returns below: React needs the same hooks on every render.)
  const [detailUsed, setDetailUsed] = useState(false);

  if (!user) return null;
  if (teamsQuery.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading teams" />
      </div>
    );
  }
  if (teamsQuery.isError) {
    return (
      <LoadError title="Couldn't load your events" error={teamsQuery.error} onRetry={() => void teamsQuery.refetch()} />
    );
  }
  if (teams.length === 0) return <NoTeam />;
  if (teamId && !routeTeam) {
    return (
      <Card role="alert" className="mx-auto mt-6 flex max-w-md flex-col items-center px-6 py-12 text-center">
        <h1 className="text-lg font-semibold text-slate-900">Team not found</h1>
        <p className="mt-1 text-sm text-slate-500">You are not a member of this team, or it no longer exists.</p>
        <Link to={paths.events} className={buttonClassName('primary', 'md', 'mt-6')}>
          See all your events
        </Link>
      </Card>
    );
  }

  const switcherTeam = routeTeam ?? defaultTeam ?? teams[0];
  // The team a new event is for: the page's team, else the switcher's if the user manages it,
  // else the first team they manage.
  const createTeam: Team | undefined = routeTeam
    ? manageable.has(routeTeam.id)
      ? routeTeam
      : undefined
    : switcherTeam && manageable.has(switcherTeam.id)
      ? switcherTeam
      : teams.find((t) => manageable.has(t.id));
  const teamName = (id: string) => teams.find((t) => t.id === id)?.name;
  const merged = !routeTeam && teams.length > 1;
  const openEvent = events.find((e) => occurrenceKey(e) === openKey) ?? null;
  if (openEvent && !detailUsed) setDetailUsed(true);

  const setFilter = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-5 pb-20">
      <header className="rounded-2xl bg-gradient-to-br from-brand-600 via-violet-600 to-fuchsia-600 p-5 text-white shadow-lg">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Team Events</h1>
            <p className="mt-0.5 text-sm text-white/80">
              {routeTeam ? routeTeam.name : merged ? 'All your teams' : (teams[0]?.name ?? '')}
            </p>
          </div>
          {createTeam ? (
            <Button
              variant="bare"
              className="border border-white/30 bg-white text-brand-700 hover:bg-slate-50"
              onClick={() => setCreating(true)}
            >
              <Plus className="size-4" aria-hidden="true" />
              Create Event
            </Button>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {switcherTeam ? (
            <TeamSwitcher
              className={teams.length <= 1 ? 'rounded-xl bg-white py-1.5 pr-3 pl-1.5 shadow-xs' : undefined}
              teams={teams}
              selectedTeam={switcherTeam}
              onSelect={(id) => navigate(eventsPath(id))}
              align="start"
            />
          ) : null}
          {routeTeam && teams.length > 1 ? (
            <Link
              to={paths.events}
              className="inline-flex items-center gap-1 text-sm font-semibold text-white underline-offset-2 hover:underline"
            >
              <Users className="size-4" aria-hidden="true" />
              All teams
            </Link>
          ) : null}
          {switcherTeam ? <CalendarSubscribe teamId={switcherTeam.id} teamName={switcherTeam.name} /> : null}
        </div>
      </header>

      <Tabs value={filter} onValueChange={setFilter}>
        <TabsList aria-label="Filter events">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Loading events" />
              </div>
            ) : (
              <EventList
                events={filterEvents(events, t.value)}
                filter={t.value}
                label={`${t.label} events`}
                canCreate={Boolean(createTeam)}
                onCreate={() => setCreating(true)}
                renderTeamName={merged ? teamName : undefined}
                user={user}
                rosters={rosters}
                onOpen={setOpenKey}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>

      {createTeam ? (
        <>
          <button
            type="button"
            aria-label="Add event"
            onClick={() => setCreating(true)}
            className="fixed right-5 bottom-24 z-30 flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-violet-600 text-white shadow-lg shadow-brand-600/30 transition-transform hover:scale-105 lg:bottom-8"
          >
            <Plus className="size-6" aria-hidden="true" />
          </button>
          {creating ? (
            <Suspense fallback={null}>
              <CreateEventDialog team={createTeam} open={creating} onOpenChange={setCreating} />
            </Suspense>
          ) : null}
        </>
      ) : null}

      {detailUsed ? (
        <Suspense fallback={null}>
          <EventDetailDialog
            event={openEvent}
            teamName={openEvent ? teamName(openEvent.teamId) : undefined}
            userId={user.id}
            canManage={openEvent ? manageable.has(openEvent.teamId) : false}
            household={
              openEvent
                ? householdAnswers(openEvent, user, householdPeople(user, rosters.get(openEvent.teamId)))
                : undefined
            }
            onOpenChange={(open) => {
              if (!open) setOpenKey(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

interface EventListProps {
  events: TeamEvent[];
  filter: EventFilter;
  label: string;
  canCreate: boolean;
  onCreate: () => void;
  renderTeamName: ((teamId: string) => string | undefined) | undefined;
  user: { id: string; name: string };
  /** Each team's roster: whom the user answers for there. */
  rosters: ReadonlyMap<string, Player[]>;
  onOpen: (key: string) => void;
}

function EventList({
  events,
  filter,
  label,
  canCreate,
  onCreate,
  renderTeamName,
  user,
  rosters,
  onOpen,
}: EventListProps) {
  const now = Date.now();
  // Answers are taken on the card for what is still to come.
  const householdFor = (event: TeamEvent): HouseholdAnswer[] | undefined =>
    eventTime(event) >= now
      ? householdAnswers(event, user, householdPeople(user, rosters.get(event.teamId)))
      : undefined;
  if (events.length === 0) {
    if (filter === 'past') {
      return (
        <EmptyState
          as="h2"
          icon={CalendarDays}
          title="No past events"
          description="Events that have happened show here."
        />
      );
    }
    const title = filter === 'upcoming' ? 'No upcoming events' : 'No events yet';
    return canCreate ? (
      <EmptyState as="h2" icon={CalendarDays} title={title} description="Ready to schedule your next team activity?">
        <Button onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" />
          Create First Event
        </Button>
      </EmptyState>
    ) : (
      <EmptyState as="h2" icon={CalendarDays} title={title} description="No events scheduled yet. Check back soon!" />
    );
  }
  return (
    <ul aria-label={label} className="space-y-3">
      {events.map((event) => (
        <li key={occurrenceKey(event)}>
          <EventCard
            event={event}
            teamName={renderTeamName?.(event.teamId)}
            myStatus={myRsvp(event, user.id)}
            household={householdFor(event)}
            userId={user.id}
            onOpen={() => onOpen(occurrenceKey(event))}
          />
        </li>
      ))}
    </ul>
  );
}

function NoTeam() {
  return (
    <Card className="mx-auto mt-6 flex max-w-md flex-col items-center px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <CalendarDays className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Join a Team First</h1>
      <p className="mt-1 max-w-sm text-sm text-slate-500">
        Connect with your team to see upcoming events and activities.
      </p>
      <Link to={paths.teams} className={buttonClassName('primary', 'md', 'mt-6')}>
        Go to Teams
      </Link>
    </Card>
  );
}

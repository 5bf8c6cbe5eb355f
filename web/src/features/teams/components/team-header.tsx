import type { Team } from '@sideline/domain';
import { ArrowLeft, CalendarPlus, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { chatPath, paths } from '../../../config/paths.ts';
import { pluralize, sportLabel, teamInitial, teamKindLabel } from '../team-display.ts';

export function BackToTeams({ className }: { className?: string }) {
  return (
    <Link
      to={paths.teams}
      className={
        className ?? 'inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
      }
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Teams
    </Link>
  );
}

/** The team's name, sport, kind and counts, with Create Event (managers) and Team Chat. */
export function TeamHeader({
  team,
  memberTotal,
  playerCount,
  onCreateEvent,
}: {
  team: Team;
  memberTotal: number;
  /** Null while the roster loads. */
  playerCount: number | null;
  /** Managers only. */
  onCreateEvent?: () => void;
}) {
  return (
    <header className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-violet-600 p-5 text-white shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-white/20 text-2xl font-bold"
        >
          {teamInitial(team.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{team.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-brand-100">
            <Badge tone="inverse">{sportLabel(team)}</Badge>
            {team.ageGroup ? <span>{team.ageGroup}</span> : null}
            <span>{teamKindLabel(team)}</span>
          </p>
          <p className="mt-1 text-sm text-white/90" data-testid="team-counts">
            {pluralize(memberTotal, 'member')} · {playerCount !== null ? pluralize(playerCount, 'player') : '… players'}
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {onCreateEvent ? (
            <Button
              variant="bare"
              className="grow basis-0 bg-white/90 text-slate-900 hover:bg-white sm:flex-none"
              onClick={onCreateEvent}
            >
              <CalendarPlus className="size-4" aria-hidden="true" />
              Create Event
            </Button>
          ) : null}
          <Link
            to={chatPath(team.id)}
            className={buttonClassName(
              'bare',
              'md',
              'grow basis-0 bg-white/90 text-slate-900 hover:bg-white sm:flex-none',
            )}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            Team Chat
          </Link>
        </div>
      </div>
    </header>
  );
}

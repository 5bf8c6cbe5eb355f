import type { Match } from '@sideline/domain';
import { CalendarDays, Timer, MapPinned, Trophy } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { matchTitle, scoreText, statusBadgeClassName, statusLabel } from '../lib/match-display.ts';
import { matchDate, matchTime } from '../lib/match-dates.ts';

export function StatusBadge({ status }: { status: string }) {
  return <span className={statusBadgeClassName(status)}>{statusLabel(status)}</span>;
}

/** The two teams, in full (a long name wraps, never cut to a shared prefix), and the score (live while in progress). */
export function MatchScore({ match, large = false }: { match: Match; large?: boolean }) {
  const started = match.status !== 'scheduled';
  return (
    <div
      className={cn(
        'grid grid-cols-[1fr_auto_1fr] items-center gap-3 rounded-xl bg-slate-50 px-3',
        large ? 'py-4' : 'py-2',
      )}
      aria-label={`Score: ${match.teamA.name} ${scoreText(match.scoreA)}, ${match.teamB.name} ${scoreText(match.scoreB)}`}
      aria-live={match.status === 'in_progress' ? 'polite' : undefined}
      role="group"
    >
      <span className={cn('min-w-0 text-right break-words font-medium text-slate-800', large && 'text-base')}>
        {match.teamA.name}
      </span>
      <span
        className={cn('font-bold text-slate-900 tabular-nums', large ? 'text-3xl' : 'text-xl')}
        data-testid="match-score"
      >
        {started ? `${scoreText(match.scoreA)} – ${scoreText(match.scoreB)}` : 'vs'}
      </span>
      <span className={cn('min-w-0 break-words font-medium text-slate-800', large && 'text-base')}>
        {match.teamB.name}
      </span>
    </div>
  );
}

/** A match card (spec part 2 §2): '{sport} Match', status, date, time, location, result, View Details. */
export function MatchCard({ match, index, onView }: { match: Match; index: number; onView: () => void }) {
  const title = matchTitle(match);
  return (
    <Card
      role="article"
      aria-label={`${title}: ${match.teamA.name} vs ${match.teamB.name}`}
      className="flex h-full animate-pop-in flex-col gap-3 p-5 [animation-fill-mode:backwards]"
      style={{ animationDelay: `${Math.min(index, 10) * 60}ms` }}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <StatusBadge status={match.status} />
      </div>
      <MatchScore match={match} />
      <ul className="space-y-1 text-sm text-slate-600">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
          {matchDate(match.startTime)}
        </li>
        <li className="flex items-center gap-2">
          <Timer className="size-4 text-slate-400" aria-hidden="true" />
          {matchTime(match.startTime)}
        </li>
        {match.location ? (
          <li className="flex items-center gap-2">
            <MapPinned className="size-4 text-slate-400" aria-hidden="true" />
            <span className="truncate">{match.location}</span>
          </li>
        ) : null}
      </ul>
      {match.winnerId ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
          <Trophy className="size-4" aria-hidden="true" />
          Match Complete
        </p>
      ) : null}
      <Button variant="outline" size="sm" className="mt-auto" onClick={onView}>
        View Details
      </Button>
    </Card>
  );
}

import type { Match } from '@sideline/domain';
import { Trophy } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { clockText, useMatchClock } from '../lib/match-clock.ts';
import { scoreText, statusLabel } from '../lib/match-display.ts';
import { minuteText } from '../lib/timeline.ts';

function Side({
  name,
  score,
  shown,
  won,
  compact,
}: {
  name: string;
  score: number;
  shown: boolean;
  won: boolean;
  compact: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <p
        className={cn(
          'min-w-0 break-words text-slate-900',
          compact ? 'text-base' : 'text-lg',
          won ? 'font-bold' : 'font-semibold',
        )}
      >
        {name}
        {won ? (
          <>
            <Trophy className="ml-2 inline size-4 align-[-2px] text-amber-500" aria-hidden="true" />
            <span className="sr-only"> (won)</span>
          </>
        ) : null}
      </p>
      {shown ? (
        <p
          className={cn('shrink-0 font-bold text-slate-900 tabular-nums', compact ? 'text-2xl' : 'text-4xl')}
          data-testid="side-score"
        >
          {scoreText(score)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The score as the touchline reads it: both names in full, one per line (a long club name wraps,
 * it is never cut to a prefix both teams share), each with its score; the status, and while the
 * match is played the minute and the time since kick-off, ticking. `fetchedAt`: when this copy of
 * the match arrived (the server's minute was right then).
 */
export function ScoreHeader({
  match,
  fetchedAt,
  compact = false,
}: {
  match: Match;
  fetchedAt: number;
  compact?: boolean;
}) {
  const clock = useMatchClock(match, fetchedAt);
  const started = match.status === 'in_progress' || match.status === 'complete';
  const side = (name: string, score: number) => (started ? `${name} ${scoreText(score)}` : name);
  const label = `Score: ${side(match.teamA.name, match.scoreA)}, ${side(match.teamB.name, match.scoreB)}`;
  return (
    <section
      aria-label="Score"
      className={cn(
        'rounded-2xl border bg-white shadow-sm shadow-slate-900/5',
        match.status === 'in_progress' ? 'border-red-200' : 'border-slate-200/80',
        compact ? 'px-4 py-3' : 'p-5',
      )}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <p className="text-slate-600">
          {match.sportName}
          {match.seasonName ? ` · ${match.seasonName}` : ''}
        </p>
        {clock ? (
          <p className="inline-flex items-center gap-2 font-semibold text-red-700" data-testid="match-clock">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-600" />
              Live {minuteText(clock.minute)}
            </span>
            <span className="font-normal text-slate-600 tabular-nums">
              <span className="sr-only">, </span>
              {clockText(clock.elapsed)} since kick-off
            </span>
          </p>
        ) : (
          <p className="font-semibold text-slate-700 capitalize">
            {match.status === 'complete' ? 'Full time' : statusLabel(match.status)}
          </p>
        )}
      </div>
      <div
        role="group"
        aria-label={label}
        aria-live={match.status === 'in_progress' ? 'polite' : undefined}
        className="space-y-1"
      >
        <Side
          name={match.teamA.name}
          score={match.scoreA}
          shown={started}
          won={match.winnerSide === 'teamA'}
          compact={compact}
        />
        <Side
          name={match.teamB.name}
          score={match.scoreB}
          shown={started}
          won={match.winnerSide === 'teamB' || match.winnerSide === 'opponent'}
          compact={compact}
        />
      </div>
    </section>
  );
}

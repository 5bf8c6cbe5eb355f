import { Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { matchPath } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { kickOffText } from '../lib/kick-off.ts';
import { useMatchClock } from '../lib/match-clock.ts';
import { scoreText } from '../lib/match-display.ts';
import type { MatchSummary } from '../lib/match-summary.ts';
import { minuteText } from '../lib/timeline.ts';

/** "Live" with a pulsing dot and the minute of play, ticking. */
export function LiveBadge({ match }: { match: Pick<MatchSummary, 'id' | 'status' | 'startedAt' | 'minute'> }) {
  // When this minute arrived (it was right then): a new minute, or another match, is a new copy.
  const { id, status, startedAt, minute } = match;
  const fetchedAt = useMemo(() => Date.now(), [id, status, startedAt, minute]);
  const clock = useMatchClock(match, fetchedAt, 10_000);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 ring-inset">
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-red-600" />
      Live
      {clock ? <span className="tabular-nums">{minuteText(clock.minute)}</span> : null}
    </span>
  );
}

function StatusLine({ match }: { match: MatchSummary }) {
  switch (match.status) {
    case 'in_progress':
      return <LiveBadge match={match} />;
    case 'complete':
      return <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Full time</span>;
    case 'cancelled':
      return <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Cancelled</span>;
    default:
      return <span className="text-xs font-medium text-slate-600">{kickOffText(match.startTime)}</span>;
  }
}

function SideRow({ name, score, shown, won }: { name: string; score: number; shown: boolean; won: boolean }) {
  return (
    <span className="flex items-start justify-between gap-3">
      <span className={cn('min-w-0 break-words text-slate-900', won ? 'font-bold' : 'font-medium')}>
        {name}
        {won ? (
          <>
            <Trophy className="ml-1.5 inline size-3.5 text-amber-500" aria-hidden="true" />
            <span className="sr-only"> (won)</span>
          </>
        ) : null}
      </span>
      {shown ? (
        <span className="shrink-0 text-lg leading-6 font-bold text-slate-900 tabular-nums">{scoreText(score)}</span>
      ) : null}
    </span>
  );
}

/**
 * A match as a card that opens its page: the status (Live with the minute, the kick-off, or Full
 * time), both names in full on two lines with their scores, the sport and the place. For Home,
 * Games, the team page and the admins' "Live now".
 */
export function LiveMatchCard({ match, className }: { match: MatchSummary; className?: string }) {
  const started = match.status === 'in_progress' || match.status === 'complete';
  return (
    <Link
      to={matchPath(match.id)}
      className={cn(
        'block min-h-14 rounded-2xl border bg-white px-4 py-3 shadow-sm shadow-slate-900/5 transition-colors hover:bg-slate-50',
        match.status === 'in_progress' ? 'border-red-200' : 'border-slate-200/80',
        className,
      )}
    >
      <span className="mb-1.5 flex items-center justify-between gap-2">
        <StatusLine match={match} />
        <span className="truncate text-xs text-slate-500">{match.sport}</span>
      </span>
      <span className="block space-y-0.5">
        <SideRow name={match.teamA} score={match.scoreA} shown={started} won={match.winnerSide === 'teamA'} />
        <SideRow
          name={match.teamB}
          score={match.scoreB}
          shown={started}
          won={match.winnerSide === 'teamB' || match.winnerSide === 'opponent'}
        />
      </span>
      {match.location ? <span className="mt-1 block truncate text-xs text-slate-500">{match.location}</span> : null}
    </Link>
  );
}

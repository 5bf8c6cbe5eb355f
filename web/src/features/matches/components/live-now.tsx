import type { LiveMatchSummary } from '@sideline/domain';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card.tsx';
import { summaryOfLiveMatch } from '../lib/match-summary.ts';
import { LiveMatchCard } from './live-match-card.tsx';

/**
 * "Live now" for the admin dashboard and the org console: how many matches are in progress, and
 * those matches (the first few, each opening its match page) before anything else.
 */
export function LiveNow({
  liveNow,
  liveMatches,
  moreHref,
}: {
  /** Undefined while the figures load. */
  liveNow: number | undefined;
  liveMatches: readonly LiveMatchSummary[] | undefined;
  /** Where every match is listed, when there are more than shown. */
  moreHref: string;
}) {
  const live = (liveNow ?? 0) > 0;
  const more = (liveNow ?? 0) - (liveMatches?.length ?? 0);
  return (
    <Card className="p-4 sm:p-5" borderClassName={live ? 'border-red-200' : undefined}>
      <section aria-labelledby="live-now" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="live-now" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            {live ? <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-600" /> : null}
            Live now
          </h2>
          <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="live-now-count">
            <span className="sr-only">Matches in progress: </span>
            {liveNow ?? '…'}
          </p>
        </div>
        {liveNow === undefined ? null : !live ? (
          <p className="text-sm text-slate-500">No match in progress.</p>
        ) : (
          <>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Matches in progress">
              {(liveMatches ?? []).map((match) => (
                <li key={match.id}>
                  <LiveMatchCard match={summaryOfLiveMatch(match)} />
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <Link
                to={moreHref}
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
              >
                {more} more in progress
              </Link>
            ) : null}
          </>
        )}
      </section>
    </Card>
  );
}

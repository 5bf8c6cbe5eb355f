import type { Match } from '@sideline/domain';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { textLinkClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { LiveMatchCard } from '../../matches/components/live-match-card.tsx';
import { summaryOfMatch } from '../../matches/lib/match-summary.ts';

/**
 * Every match of the user's teams in progress, above everything else on Home. The scores follow
 * the socket's `match_updated` frames (they refetch the caller's board).
 */
export function LiveMatches({ live }: { live: readonly Match[] }) {
  if (live.length === 0) return null;
  return (
    <section aria-labelledby="home-live" className="space-y-2">
      <h2 id="home-live" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-600" />
        Live now
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Matches in progress">
        {live.map((match) => (
          <li key={match.id}>
            <LiveMatchCard match={summaryOfMatch(match)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The next scheduled match of any of the user's teams, with a way to all of them. */
export function NextMatch({ match }: { match: Match | undefined }) {
  if (!match) return null;
  return (
    <section aria-labelledby="home-next-match" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="home-next-match" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Trophy className="size-5 text-amber-500" aria-hidden="true" />
          Next match
        </h2>
        <Link to={paths.matches} className={textLinkClassName}>
          All games
        </Link>
      </div>
      <LiveMatchCard match={summaryOfMatch(match)} />
    </section>
  );
}

import type { Match } from '@sideline/domain';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useTeamMatches } from '../../matches/match-boards.ts';
import { LiveMatchCard } from '../../matches/components/live-match-card.tsx';
import { summaryOfMatch } from '../../matches/lib/match-summary.ts';

/** How many of the next matches and of the results the team page lists. */
const NEXT_SHOWN = 3;
const RESULTS_SHOWN = 5;

function Group({ title, matches }: { title: string; matches: readonly Match[] }) {
  if (matches.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {matches.map((match) => (
          <li key={match.id}>
            <LiveMatchCard match={summaryOfMatch(match)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The team's matches on its page: live now, the next ones and the latest results, each opening its match page. */
export function TeamMatches({ teamId }: { teamId: string }) {
  const board = useTeamMatches(teamId);
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Matches</h2>
      {board.isPending ? (
        <Skeleton className="h-24" />
      ) : board.isError ? (
        <p role="alert" className="text-sm text-slate-600">
          We couldn't load the matches: {getErrorMessage(board.error)}
        </p>
      ) : board.data.live.length + board.data.upcoming.length + board.data.recent.length === 0 ? (
        <p className="text-sm text-slate-500">No matches yet: the coach's scheduled matches show here.</p>
      ) : (
        <>
          <Group title="Live now" matches={board.data.live} />
          <Group title="Next" matches={board.data.upcoming.slice(0, NEXT_SHOWN)} />
          <Group title="Recent results" matches={board.data.recent.slice(0, RESULTS_SHOWN)} />
        </>
      )}
    </Card>
  );
}

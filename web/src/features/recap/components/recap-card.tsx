import { CircleAlert, RefreshCw, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useTeamMatches } from '../../matches/match-boards.ts';
import { useGameRecap } from '../api.ts';

/**
 * The Media Hub's Game Recap card: a recap of the team's recorded data (its latest completed
 * match, never one still being played or to come; its last event that has started; recent activity,
 * top contributors), generated once the team's results are known and on 'Regenerate'.
 */
export function RecapCard({ teamId }: { teamId: string }) {
  const recap = useGameRecap();
  const { mutate } = recap;
  const board = useTeamMatches(teamId);
  // Without the results (none yet, or they could not be read) the recap covers the rest.
  const resultsKnown = !board.isPending;
  const matchId = board.data?.recent.find((m) => m.status === 'complete')?.id;
  const input = matchId ? { teamId, matchId } : { teamId };
  useEffect(() => {
    if (resultsKnown) mutate(matchId ? { teamId, matchId } : { teamId });
  }, [mutate, teamId, matchId, resultsKnown]);

  const data = recap.data;
  return (
    <Card className="p-5" aria-labelledby="recap-card-title" role="region">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="recap-card-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Sparkles className="size-5 text-violet-600" aria-hidden="true" />
          Game Recap
        </h2>
        <Button variant="outline" size="sm" disabled={recap.isPending} onClick={() => recap.mutate(input)}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {recap.isPending ? 'Generating...' : 'Regenerate'}
        </Button>
      </div>
      {recap.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-red-600">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Couldn't generate the recap: {getErrorMessage(recap.error)}
        </p>
      ) : data ? (
        <div className={recap.isPending ? 'opacity-60' : undefined}>
          <h3 className="font-semibold text-slate-900">{data.title}</h3>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{data.content}</p>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            {[
              ['Final score', data.stats.finalScore ?? '—'],
              ['Top scorer', data.stats.topScorer ?? '—'],
              ['Key moments', String(data.stats.keyMoments)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="truncate text-sm font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner label="Generating recap" />
        </div>
      )}
    </Card>
  );
}

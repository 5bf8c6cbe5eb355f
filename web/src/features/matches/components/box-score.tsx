import type { BoxScore } from '@sideline/domain';
import { scoreText, statTypeLabel } from '../lib/match-display.ts';

/** "Goals 2 · Assists 1": the stat types with a total, in the order given. */
function totalsText(totals: Record<string, number>): string {
  return Object.entries(totals)
    .filter(([, value]) => value !== 0)
    .map(([type, value]) => `${statTypeLabel(type)} ${scoreText(value)}`)
    .join(' · ');
}

/**
 * Each side's score and totals, then each player's stats: a list that reads on a phone, no wide
 * table. The opponent outside Sideline has totals and no players.
 */
export function BoxScoreView({ boxScore }: { boxScore: BoxScore }) {
  return (
    <div className="space-y-4">
      {boxScore.teams.map((team) => {
        const totals = totalsText(team.totals);
        const players = team.players.filter((p) => totalsText(p.stats) !== '');
        return (
          <section key={team.side} aria-label={`${team.name} box score`} className="space-y-1.5">
            <h3 className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-semibold break-words text-slate-900">{team.name}</span>
              <span className="shrink-0 text-lg font-bold text-slate-900 tabular-nums">{scoreText(team.score)}</span>
            </h3>
            <p className="text-sm text-slate-600">{totals || 'No stats recorded'}</p>
            {players.length > 0 ? (
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                {players.map((player) => (
                  <li key={player.participantId} className="px-3 py-2 text-sm">
                    <p className="font-medium text-slate-900">{player.name || 'Unknown Player'}</p>
                    <p className="text-slate-600">{totalsText(player.stats)}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

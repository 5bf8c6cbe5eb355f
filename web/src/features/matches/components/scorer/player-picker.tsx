import type { Match, Participant } from '@sideline/domain';
import { cn } from '../../../../lib/cn.ts';
import { bigButtonBoxClassName, bigButtonClassName, type ScorerSubject } from './scorer-subject.ts';

/** On the field first (while the match is played), else starters first. */
function byPlaying(inProgress: boolean) {
  return (a: Participant, b: Participant) =>
    inProgress ? Number(b.onField) - Number(a.onField) : Number(b.isStarter) - Number(a.isStarter);
}

function PlayerButton({ participant, onPick }: { participant: Participant; onPick: () => void }) {
  const benched = !participant.onField;
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        className={cn(
          bigButtonBoxClassName,
          'w-full flex-col border px-3 text-base',
          benched
            ? 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50'
            : 'border-brand-200 bg-brand-50 text-brand-900 hover:bg-brand-100',
        )}
      >
        <span className="break-words">{participant.userName || 'Unknown Player'}</span>
        {participant.positionName ? (
          <span className="text-xs font-normal text-slate-600">{participant.positionName}</span>
        ) : null}
      </button>
    </li>
  );
}

/**
 * Step one of a stat: who. The lineup of each Sideline team as large buttons (two a row), and the
 * opponent outside Sideline as one more.
 */
export function PlayerPicker({
  match,
  participants,
  onPick,
}: {
  match: Match;
  participants: readonly Participant[];
  onPick: (subject: ScorerSubject) => void;
}) {
  const teams = [match.teamA, ...(match.teamB.id ? [match.teamB] : [])];
  const inProgress = match.status === 'in_progress';
  return (
    <div className="space-y-4">
      {teams.map((team) => {
        const players = participants.filter((p) => p.teamId === team.id).sort(byPlaying(inProgress));
        return (
          <section key={team.id} aria-label={`${team.name} players`} className="space-y-2">
            <h3 className="text-sm font-semibold break-words text-slate-700">{team.name}</h3>
            {players.length === 0 ? (
              <p className="text-sm text-slate-500">Nobody in the lineup yet: add players with Lineup.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-2">
                {players.map((participant) => (
                  <PlayerButton
                    key={participant.id}
                    participant={participant}
                    onPick={() => onPick({ kind: 'player', participant })}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {match.opponentName ? (
        <section aria-label="Opponent" className="space-y-2">
          <h3 className="text-sm font-semibold break-words text-slate-700">{match.opponentName}</h3>
          <button
            type="button"
            onClick={() => onPick({ kind: 'opponent', name: match.opponentName! })}
            className={cn(bigButtonClassName, 'bg-slate-800 text-white hover:bg-slate-900')}
          >
            Opponent
          </button>
        </section>
      ) : null}
    </div>
  );
}

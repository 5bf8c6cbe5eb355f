import type { Match, Participant } from '@sideline/domain';

/** The lineup grouped by team (team A first), starters first, each with position and on-field state. */
export function Lineups({ match, participants }: { match: Match; participants: readonly Participant[] }) {
  const teams = [match.teamA, ...(match.teamB.id ? [match.teamB] : [])];
  if (participants.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-500">No lineup yet.</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {teams.map((team) => {
        const players = participants
          .filter((p) => p.teamId === team.id)
          .sort((a, b) => Number(b.isStarter) - Number(a.isStarter));
        return (
          <section key={team.id} aria-label={`${team.name} lineup`}>
            <h3 className="mb-1 font-semibold break-words text-slate-900">{team.name}</h3>
            {players.length === 0 ? (
              <p className="text-sm text-slate-500">No players named yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                {players.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0 font-medium break-words text-slate-900">
                      {p.userName || 'Unknown Player'}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {[
                        p.positionName,
                        match.status === 'in_progress'
                          ? p.onField
                            ? 'On the field'
                            : 'On the bench'
                          : p.isStarter
                            ? 'Starter'
                            : 'Substitute',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

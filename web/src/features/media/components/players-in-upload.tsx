import { useId } from 'react';
import { useTeamPlayers } from '../../players/api.ts';

/**
 * Which of the roster's players appear in the next upload (ADR 0026). The ticked ids go with the
 * upload as `players`; the server refuses one without photo consent, naming them. Loaded only
 * when the uploader asks for it (tag-players.tsx), so the screens' first paint carries none of it.
 */
export function PlayersInUpload({
  teamId,
  selected,
  onChange,
  disabled = false,
}: {
  teamId: string;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const roster = useTeamPlayers(teamId);
  const toggle = (playerId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(playerId);
    else next.delete(playerId);
    onChange(next);
  };
  const players = roster.data ?? [];
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-3 text-sm" disabled={disabled}>
      <legend className="px-1 font-medium text-slate-800">
        Who is in it?{selected.size > 0 ? ` (${selected.size} tagged)` : ''}
      </legend>
      {roster.isError ? (
        <p className="text-xs text-slate-600">The roster could not be loaded.</p>
      ) : roster.isPending ? null : players.length === 0 ? (
        <p className="text-xs text-slate-600">No players on the roster yet.</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-600">
            Tick the players who appear in your next photo or video. A player without photo consent cannot be tagged.
          </p>
          <ul className="grid grid-cols-2 gap-1">
            {players.map((player) => (
              <li key={player.id} className="flex items-center gap-2">
                <input
                  id={`${id}-${player.id}`}
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={selected.has(player.id)}
                  onChange={(event) => toggle(player.id, event.target.checked)}
                />
                <label htmlFor={`${id}-${player.id}`} className="truncate text-slate-700">
                  {player.name}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}

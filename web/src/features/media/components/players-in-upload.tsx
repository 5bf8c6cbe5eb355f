import type { Player } from '@sideline/domain';
import { useId } from 'react';

/**
 * Which of the roster's players appear in the next upload (ADR 0026). The ticked ids go with the
 * upload as `players`; the server refuses one without photo consent, naming them.
 */
export function PlayersInUpload({
  players,
  selected,
  onChange,
  disabled = false,
}: {
  players: readonly Pick<Player, 'id' | 'name'>[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (players.length === 0) return null;
  const toggle = (playerId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(playerId);
    else next.delete(playerId);
    onChange(next);
  };
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        Who is in it?{selected.size > 0 ? ` (${selected.size} tagged)` : ''}
      </summary>
      <fieldset className="mt-2" disabled={disabled}>
        <legend className="sr-only">Players who appear in the upload</legend>
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
      </fieldset>
    </details>
  );
}

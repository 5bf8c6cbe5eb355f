import type { Team } from '@sideline/domain';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { teamInitial } from '../team-display.ts';

interface TeamSwitcherProps {
  teams: readonly Team[];
  selectedTeam: Team;
  onSelect: (teamId: string) => void;
  className?: string;
  /** How the dropdown lines up with the trigger on wide screens (default: its right edge). */
  align?: 'start' | 'end';
}

export const teamSwitcherTriggerClassName =
  'inline-flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-slate-200 bg-white py-1.5 pr-2.5 pl-1.5 text-sm font-semibold text-slate-900 shadow-xs transition-colors hover:bg-slate-50 data-[state=open]:bg-slate-50';

/** The team's initial on its gradient; `large` for a list of teams to pick from. */
export function TeamMark({ team, large = false }: { team: Team; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-violet-600 font-bold text-white',
        large ? 'size-9 text-sm' : 'size-7 text-xs',
      )}
    >
      {/* Drawn by CSS: the letter is not part of the trigger's visible text (its name says the team). */}
      <span data-initials={teamInitial(team.name)} className="before:content-[attr(data-initials)]" />
    </span>
  );
}

export function TriggerContent({ team }: { team: Team }) {
  return (
    <>
      <TeamMark team={team} />
      <span className="truncate">{team.name}</span>
      <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </>
  );
}

const loadPicker = async () => ({ default: (await import('./team-switcher-picker.tsx')).TeamSwitcherPicker });
const TeamSwitcherPicker = lazy(loadPicker);

/**
 * Picks the team a screen shows (spec part 1 §2): a dropdown on wide screens, a dialog on small
 * screens, and a plain label when the user has only one team. The trigger's accessible name is
 * "Switch team, current: {name}" (no parentheses: the name must be read as part of it). The picker's code loads on the first press (ahead, when the
 * pointer or focus reaches the button): until then the trigger is a plain button that looks the same.
 */
export function TeamSwitcher({ teams, selectedTeam, onSelect, className, align = 'end' }: TeamSwitcherProps) {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerLabel = `Switch team, current: ${selectedTeam.name}`;

  if (teams.length <= 1) {
    return (
      <p
        className={cn(
          'inline-flex max-w-full min-w-0 items-center gap-2 text-sm font-semibold text-slate-900',
          className,
        )}
      >
        <TeamMark team={selectedTeam} />
        <span className="sr-only">Team: </span>
        <span className="truncate" data-testid="current-team">
          {selectedTeam.name}
        </span>
      </p>
    );
  }

  const plain = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-label={triggerLabel}
      className={cn(teamSwitcherTriggerClassName, className)}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      <TriggerContent team={selectedTeam} />
    </button>
  );
  if (!requested) return plain;
  return (
    <Suspense fallback={plain}>
      <TeamSwitcherPicker
        teams={teams}
        selectedTeam={selectedTeam}
        onSelect={onSelect}
        className={className}
        align={align}
        triggerLabel={triggerLabel}
        open={open}
        onOpenChange={setOpen}
      />
    </Suspense>
  );
}

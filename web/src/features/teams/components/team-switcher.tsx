import type { Team } from '@sideline/domain';
import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { useIsDesktop } from '../../../lib/use-media-query.ts';
import { sportLabel, teamInitial, teamKindLabel } from '../team-display.ts';

interface TeamSwitcherProps {
  teams: readonly Team[];
  selectedTeam: Team;
  onSelect: (teamId: string) => void;
  className?: string;
  /** How the dropdown lines up with the trigger on wide screens (default: its right edge). */
  align?: 'start' | 'end';
}

const triggerClassName =
  'inline-flex max-w-full items-center gap-2 rounded-xl border border-slate-200 bg-white py-1.5 pr-2.5 pl-1.5 text-sm font-semibold text-slate-900 shadow-xs transition-colors hover:bg-slate-50 data-[state=open]:bg-slate-50';

function TeamMark({ team, className }: { team: Team; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-violet-600 text-xs font-bold text-white',
        className,
      )}
    >
      {teamInitial(team.name)}
    </span>
  );
}

function TriggerContent({ team }: { team: Team }) {
  return (
    <>
      <TeamMark team={team} />
      <span className="truncate">{team.name}</span>
      <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </>
  );
}

/**
 * Picks the team a screen shows (spec part 1 §2): a dropdown on wide screens, a dialog on small
 * screens, and a plain label when the user has only one team. The trigger's accessible name is
 * "Switch team (current: {name})".
 */
export function TeamSwitcher({ teams, selectedTeam, onSelect, className, align = 'end' }: TeamSwitcherProps) {
  const isDesktop = useIsDesktop();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerLabel = `Switch team (current: ${selectedTeam.name})`;

  if (teams.length <= 1) {
    return (
      <p className={cn('inline-flex items-center gap-2 text-sm font-semibold text-slate-900', className)}>
        <TeamMark team={selectedTeam} />
        <span className="sr-only">Team: </span>
        <span className="truncate" data-testid="current-team">
          {selectedTeam.name}
        </span>
      </p>
    );
  }

  if (isDesktop) {
    return (
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger aria-label={triggerLabel} className={cn(triggerClassName, className)}>
          <TriggerContent team={selectedTeam} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align={align} collisionPadding={8}>
          <DropdownMenuLabel className="text-xs font-medium text-slate-500">Your teams</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup value={selectedTeam.id} onValueChange={onSelect}>
            {teams.map((team) => (
              <DropdownMenuRadioItem key={team.id} value={team.id}>
                {team.name}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  return (
    <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
      <DialogTrigger aria-label={triggerLabel} className={cn(triggerClassName, className)}>
        <TriggerContent team={selectedTeam} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Switch team</DialogTitle>
          <DialogDescription>Choose the team to show.</DialogDescription>
        </DialogHeader>
        <ul className="space-y-2">
          {teams.map((team) => {
            const selected = team.id === selectedTeam.id;
            return (
              <li key={team.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => {
                    onSelect(team.id);
                    setDialogOpen(false);
                  }}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border-2 p-3 text-left transition-colors',
                    selected ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <TeamMark team={team} className="size-9 text-sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">{team.name}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {sportLabel(team)} · {teamKindLabel(team)}
                    </span>
                  </span>
                  {selected ? <Check className="size-5 shrink-0 text-brand-600" aria-hidden="true" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

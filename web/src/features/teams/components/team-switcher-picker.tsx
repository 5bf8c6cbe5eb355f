import type { Team } from '@sideline/domain';
import { Check } from 'lucide-react';
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
import { sportLabel, teamKindLabel } from '../team-display.ts';
import { TeamMark, teamSwitcherTriggerClassName as triggerClassName, TriggerContent } from './team-switcher.tsx';

interface TeamSwitcherPickerProps {
  teams: readonly Team[];
  selectedTeam: Team;
  onSelect: (teamId: string) => void;
  className?: string | undefined;
  align: 'start' | 'end';
  triggerLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The list of teams: a dropdown on wide screens, a dialog on small ones (loaded on first use). */
export function TeamSwitcherPicker({
  teams,
  selectedTeam,
  onSelect,
  className,
  align,
  triggerLabel,
  open,
  onOpenChange,
}: TeamSwitcherPickerProps) {
  const isDesktop = useIsDesktop();
  if (isDesktop) {
    return (
      <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger aria-label={triggerLabel} className={cn(triggerClassName, className)}>
          <TriggerContent team={selectedTeam} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align={align} collisionPadding={8} className="min-w-64">
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
    <Dialog open={open} onOpenChange={onOpenChange}>
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
                    onOpenChange(false);
                  }}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border-2 p-3 text-left transition-colors',
                    selected ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <TeamMark team={team} large />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">{team.name}</span>
                    <span className="block truncate text-xs text-slate-600">
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

import type { Team } from '@sideline/domain';
import { Check } from 'lucide-react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { chatTeamPath } from '../paths.ts';

/** The chat header's team switcher menu, loaded on its first opening and mounted open. */
export default function TeamSwitchMenu({ team, teams, trigger }: { team: Team; teams: Team[]; trigger: ReactElement }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-80 min-w-56 overflow-y-auto">
        <DropdownMenuLabel className="text-xs font-medium text-slate-500">Team chats</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {teams.map((option) => {
          const current = option.id === team.id;
          return (
            <DropdownMenuItem
              key={option.id}
              onSelect={() => {
                if (!current) navigate(chatTeamPath(option.id));
              }}
              current={current}
            >
              <span className="flex size-4 items-center justify-center">
                {current ? <Check className="size-4 text-brand-600" aria-hidden="true" /> : null}
              </span>
              <span className="truncate">{option.name}</span>
              {current ? <span className="sr-only">(current)</span> : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

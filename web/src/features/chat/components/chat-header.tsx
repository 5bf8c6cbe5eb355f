import type { Team } from '@sideline/domain';
import { ArrowLeft, Check, ChevronsUpDown } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSocketStatus } from '../../../lib/socket/socket-context.ts';
import { chatTeamPath } from '../paths.ts';

interface ChatHeaderProps {
  team: Team;
  teams: Team[];
}

/** Back to '/', the team's name, the live state, and a team switcher (spec §2). */
export function ChatHeader({ team, teams }: ChatHeaderProps) {
  const navigate = useNavigate();
  const live = useSocketStatus() === 'connected';
  return (
    <header className="mb-2 flex items-center gap-2 border-b border-slate-200/80 pb-3">
      <Link to="/" aria-label="Back to home" className={buttonClassName('ghost', 'icon', '-ml-2 shrink-0')}>
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg leading-tight font-bold tracking-tight text-slate-900">{team.name}</h1>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
          <span aria-hidden="true" className={cn('size-2 rounded-full', live ? 'bg-emerald-500' : 'bg-slate-300')} />
          <span>{live ? 'Live' : 'Offline'}</span>
          {team.sport ? <span aria-hidden="true">·</span> : null}
          {team.sport ? <span className="truncate">{team.sport}</span> : null}
        </p>
      </div>
      {teams.length > 1 ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" aria-label="Switch team" className="shrink-0">
              <span className="hidden sm:inline">Switch team</span>
              <ChevronsUpDown className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
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
                  className={cn(current && 'font-semibold text-slate-900')}
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
      ) : null}
    </header>
  );
}

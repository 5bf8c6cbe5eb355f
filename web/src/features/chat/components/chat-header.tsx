import type { Team } from '@sideline/domain';
import { ArrowLeft, ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { menuActivation } from '../../../components/ui/lazy-menu.ts';
import { cn } from '../../../lib/cn.ts';
import { useSocketStatus } from '../../../lib/socket/socket-context.ts';

interface ChatHeaderProps {
  team: Team;
  teams: Team[];
}

const TeamSwitchMenu = lazy(() => import('./team-switch-menu.tsx'));

/** The team switcher's button; its menu loads when it first opens. */
function TeamSwitch({ team, teams }: ChatHeaderProps) {
  const [wanted, setWanted] = useState(false);
  const trigger = (props = {}) => (
    <Button variant="outline" size="sm" aria-label="Switch team" className="shrink-0" {...props}>
      <span className="hidden sm:inline">Switch team</span>
      <ChevronsUpDown className="size-4" aria-hidden="true" />
    </Button>
  );
  if (!wanted) return trigger(menuActivation(() => setWanted(true)));
  return (
    <Suspense fallback={trigger()}>
      <TeamSwitchMenu team={team} teams={teams} trigger={trigger()} />
    </Suspense>
  );
}

/** Back to '/', the team's name, the live state, and a team switcher (spec §2). */
export function ChatHeader({ team, teams }: ChatHeaderProps) {
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
      {teams.length > 1 ? <TeamSwitch team={team} teams={teams} /> : null}
    </header>
  );
}

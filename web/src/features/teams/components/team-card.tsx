import type { Team } from '@sideline/domain';
import { CalendarDays, MessageCircle, UsersRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { builtScreens, chatPath, paths, teamPath } from '../../../config/paths.ts';
import { pluralize, sportLabel, teamInitial, teamKindLabel } from '../team-display.ts';
import { TeamCode } from './team-code.tsx';

/**
 * One team on /teams (spec part 1 §2): initial, sport badge (or 'Team'), name, independent or
 * organization label, Chat (and Events, once built) buttons, the join code when there is one.
 * The whole card opens /team/{id}: the name is a link stretched over the card, and the buttons
 * sit above it.
 */
export function TeamCard({ team }: { team: Team }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-900/5 transition-shadow focus-within:ring-2 focus-within:ring-brand-500/40 hover:shadow-md"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-xl font-bold text-white"
        >
          {teamInitial(team.name)}
        </span>
        <div className="min-w-0 flex-1">
          <Badge tone="brand">{sportLabel(team)}</Badge>
          <h2 id={titleId} className="mt-1 truncate text-lg font-semibold text-slate-900">
            <Link
              to={teamPath(team.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {team.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">{teamKindLabel(team)}</p>
        </div>
      </div>

      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
        <UsersRound className="size-4 text-slate-400" aria-hidden="true" />
        {pluralize(team.memberCount, 'member')}
        {team.ageGroup ? <span className="text-slate-600">· {team.ageGroup}</span> : null}
      </p>

      {team.code ? <TeamCode code={team.code} className="relative z-10 mt-3 self-start" /> : null}

      <div className="relative z-10 mt-auto flex gap-2 pt-4">
        <Link
          to={chatPath(team.id)}
          aria-label={`Chat with ${team.name}`}
          className={buttonClassName('secondary', 'sm', 'grow basis-0')}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Chat
        </Link>
        {builtScreens.events ? (
          <Link
            to={`${paths.events}/${encodeURIComponent(team.id)}`}
            aria-label={`Events of ${team.name}`}
            className={buttonClassName('secondary', 'sm', 'grow basis-0')}
          >
            <CalendarDays className="size-4" aria-hidden="true" />
            Events
          </Link>
        ) : null}
      </div>
    </article>
  );
}

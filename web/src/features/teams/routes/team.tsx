import type { Team, TeamMember } from '@sideline/domain';
import {
  ArrowLeft,
  CircleAlert,
  GraduationCap,
  Heart,
  MessageCircle,
  RefreshCw,
  Trophy,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { chatPath, paths } from '../../../config/paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../auth/api.ts';
import { useTeam, useTeamMembers } from '../api.ts';
import { MemberList } from '../components/member-list.tsx';
import { TeamCode } from '../components/team-code.tsx';
import { canManageTeam, groupRoster, pluralize, sportLabel, teamInitial, teamKindLabel } from '../team-display.ts';

function BackToTeams({ className }: { className?: string }) {
  return (
    <Link
      to={paths.teams}
      className={
        className ?? 'inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
      }
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Teams
    </Link>
  );
}

function StatCard({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number | null;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <div className="relative flex min-h-18 flex-col-reverse justify-center rounded-2xl border border-slate-200/80 bg-white py-3 pr-4 pl-17 shadow-sm shadow-slate-900/5">
      <dt className="text-xs text-slate-500">
        <span
          aria-hidden="true"
          className={`absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl ${tone}`}
        >
          <Icon className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl leading-tight font-bold text-slate-900">
        {value === null ? '—' : value.toLocaleString()}
      </dd>
    </div>
  );
}

function TeamRoster({
  team,
  members,
  currentUserId,
}: {
  team: Team;
  members: readonly TeamMember[];
  currentUserId: string;
}) {
  const roster = groupRoster(members);
  return (
    <Tabs defaultValue="players">
      <TabsList aria-label="Team roster">
        <TabsTrigger value="players">Players &amp; Parents</TabsTrigger>
        <TabsTrigger value="coaches">Coaches</TabsTrigger>
        <TabsTrigger value="members">Team Members</TabsTrigger>
      </TabsList>
      <TabsContent value="players" className="space-y-5">
        <MemberList
          title="Players"
          members={roster.players}
          team={team}
          currentUserId={currentUserId}
          emptyText="No players yet. Share the team code so players can join."
        />
        <MemberList
          title="Parents"
          members={roster.parents}
          team={team}
          currentUserId={currentUserId}
          emptyText="No parents yet."
        />
      </TabsContent>
      <TabsContent value="coaches">
        <MemberList
          title="Coaches"
          members={roster.coaches}
          team={team}
          currentUserId={currentUserId}
          emptyText="No coaches yet."
        />
      </TabsContent>
      <TabsContent value="members" className="space-y-5">
        <MemberList
          title="Parents"
          members={roster.parents}
          team={team}
          currentUserId={currentUserId}
          emptyText="No parents yet."
        />
        <MemberList
          title="Other Members"
          members={roster.others}
          team={team}
          currentUserId={currentUserId}
          emptyText="No other members."
        />
      </TabsContent>
    </Tabs>
  );
}

/** /team/{teamId} — the team's header, counts, roster tabs and (for its coaches) the join code. */
export function TeamRoute() {
  const { teamId = '' } = useParams();
  const { data: user } = useUser();
  const teamQuery = useTeam(teamId);
  const membersQuery = useTeamMembers(teamId);

  if (!user) return null;

  if (teamQuery.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-slate-500">
        <Spinner label="Loading team details" />
        <p className="text-sm">Loading team details...</p>
      </div>
    );
  }

  if (teamQuery.isError) {
    const notFound = isApiError(teamQuery.error) && (teamQuery.error.status === 404 || teamQuery.error.status === 400);
    return (
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
        <CircleAlert className="size-10 text-red-500" aria-hidden="true" />
        {notFound ? (
          <h1 className="text-lg font-semibold text-slate-900">Team not found (ID: {teamId})</h1>
        ) : (
          <>
            <h1 className="text-lg font-semibold text-slate-900">We couldn't load this team</h1>
            <p className="text-sm text-slate-500">{getErrorMessage(teamQuery.error)}</p>
            <Button variant="outline" onClick={() => void teamQuery.refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </>
        )}
        <BackToTeams className={buttonClassName(notFound ? 'primary' : 'ghost', 'md', 'mt-2')} />
      </Card>
    );
  }

  const team = teamQuery.data;
  const members = membersQuery.data;
  const roster = members ? groupRoster(members) : null;
  const memberTotal = members?.length ?? team.memberCount;

  return (
    <div className="space-y-6">
      <BackToTeams />

      <header className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-violet-600 p-5 text-white shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-white/20 text-2xl font-bold"
          >
            {teamInitial(team.name)}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold tracking-tight">{team.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-brand-100">
              <Badge className="bg-white/15 text-white ring-white/25">{sportLabel(team)}</Badge>
              {team.ageGroup ? <span>{team.ageGroup}</span> : null}
              <span>{teamKindLabel(team)}</span>
            </p>
            <p className="mt-1 text-sm text-white/90" data-testid="team-counts">
              {pluralize(memberTotal, 'member')} · {roster ? pluralize(roster.players.length, 'player') : '… players'}
            </p>
          </div>
          <Link
            to={chatPath(team.id)}
            className={buttonClassName('secondary', 'md', 'w-full bg-white/90 hover:bg-white sm:w-auto')}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            Team Chat
          </Link>
        </div>
      </header>

      {team.code && canManageTeam(team) ? (
        <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Invite with the team code</h2>
            <p className="mt-0.5 text-sm text-slate-500">
              Players and parents enter it on their Teams page to join {team.name}.
            </p>
          </div>
          <TeamCode code={team.code} size="lg" />
        </Card>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Members" value={memberTotal} icon={UsersRound} tone="bg-brand-50 text-brand-600" />
        <StatCard
          label="Active Players"
          value={roster?.players.length ?? null}
          icon={Trophy}
          tone="bg-purple-50 text-purple-600"
        />
        <StatCard
          label="Coaches"
          value={roster?.coaches.length ?? null}
          icon={GraduationCap}
          tone="bg-blue-50 text-blue-600"
        />
        <StatCard
          label="Parents"
          value={roster?.parents.length ?? null}
          icon={Heart}
          tone="bg-emerald-50 text-emerald-600"
        />
      </dl>

      <Card className="p-4 sm:p-5">
        {membersQuery.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading members" />
          </div>
        ) : membersQuery.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-sm text-slate-600">
              We couldn't load the members: {getErrorMessage(membersQuery.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void membersQuery.refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <TeamRoster team={team} members={membersQuery.data} currentUserId={user.id} />
        )}
      </Card>
    </div>
  );
}

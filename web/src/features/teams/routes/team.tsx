import type { Invitation, InvitationIssuedResponse, Player, Team, TeamMember } from '@sideline/domain';
import {
  ArrowLeft,
  CalendarPlus,
  CircleAlert,
  GraduationCap,
  Heart,
  MessageCircle,
  RefreshCw,
  Trophy,
  UserPlus,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { chatPath, paths } from '../../../config/paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../auth/api.ts';
import { useResendInvitation, useRevokeInvitation, useTeamInvitations } from '../../invitations/api.ts';
import {
  InvitationActions,
  InvitationSummary,
  openInvitations,
  type InvitationControls,
} from '../../invitations/components/invitation-actions.tsx';
import { useTeamPlayers } from '../../players/api.ts';
import { PlayerLists } from '../../players/components/player-lists.tsx';
import { useTeamConsentSummary } from '../../consent/api.ts';
import { MyChildrenConsents } from '../../consent/components/child-consents.tsx';
import { ConsentBadges, TeamConsentSummaryLine } from '../../consent/components/consent-badges.tsx';
import { useAssignTeamRole, useTeam, useTeamMembers } from '../api.ts';
import { MemberList, type CoachAction } from '../components/member-list.tsx';
import { TeamCode } from '../components/team-code.tsx';
import { TeamMatches } from '../components/team-matches.tsx';
import type { TeamDialogName as DialogName } from '../components/team-page-dialogs.tsx';
import {
  coachToggleRole,
  groupRoster,
  isTeamManager,
  pluralize,
  sportLabel,
  teamInitial,
  teamKindLabel,
} from '../team-display.ts';
import { TeamMuteToggle } from '../../notifications/components/team-mute-toggle.tsx';
import { TeamRemindersSetting } from '../components/team-reminders-setting.tsx';

// Loaded with their forms when the first one opens; until then the buttons only set the state.
const TeamPageDialogs = lazy(() => import('../components/team-page-dialogs.tsx'));

/** The invitations' failure toast, from their (lazily loaded) dialogs' module. */
function toastInvitationFailed() {
  void import('../../invitations/components/invite-dialog.tsx').then((module) => module.toastInvitationFailed());
}

function BackToTeams({ className }: { className?: string }) {
  return (
    <Link
      to={paths.teams}
      className={
        className ?? 'inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
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

/** A query's list, or its spinner, or its error with a retry. */
function Loaded<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-slate-600">
          We couldn't load the {what}: {getErrorMessage(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** "Parent of Mia, Noah": the roster players a member is a guardian of. */
function childrenOf(players: readonly Player[] | undefined) {
  return (member: TeamMember): string | null => {
    const names = (players ?? []).filter((p) => p.guardians.some((g) => g.userId === member.userId)).map((p) => p.name);
    return names.length > 0 ? `Parent of ${names.join(', ')}` : null;
  };
}

function CoachInvitations({
  invitations,
  controls,
}: {
  invitations: readonly Invitation[];
  controls: InvitationControls;
}) {
  const open = openInvitations(invitations).filter((i) => i.inviteType === 'coach');
  if (open.length === 0) return null;
  return (
    <section aria-label="Coach invitations" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">Invited Coaches</h3>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {open.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {invitation.inviteeName}
                {invitation.specialization ? (
                  <span className="ml-1.5 text-xs font-normal text-slate-500">{invitation.specialization}</span>
                ) : null}
              </p>
              <InvitationSummary invitation={invitation} />
            </div>
            <InvitationActions invitation={invitation} controls={controls} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /team/{teamId} (spec part 2 §2): the team's header and counts, its roster in three tabs (players
 * by parent link, coaches, members) and, for its managers, adding and inviting people, resending
 * or revoking invitations, making members coach, the join code and Create Event.
 */
export function TeamRoute() {
  const { teamId = '' } = useParams();
  const { data: user } = useUser();
  const teamQuery = useTeam(teamId);
  const membersQuery = useTeamMembers(teamId);
  const playersQuery = useTeamPlayers(teamId);
  const manages = teamQuery.data && user ? isTeamManager(teamQuery.data, user.id) : false;
  const invitationsQuery = useTeamInvitations(teamId, { enabled: manages });
  const consentSummary = useTeamConsentSummary(teamId, { enabled: manages });
  const assignRole = useAssignTeamRole(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [resent, setResent] = useState<InvitationIssuedResponse | null>(null);
  // Mounted from the first opening on, so a dialog can animate closed.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (dialog !== null || resent !== null)) setDialogsWanted(true);

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

  const team: Team = teamQuery.data;
  const members = membersQuery.data;
  const players = playersQuery.data;
  const roster = members ? groupRoster(members) : null;
  const memberTotal = members?.length ?? team.memberCount;
  const coachAction: CoachAction | undefined = manages
    ? {
        creatorId: team.creatorId,
        pendingUserId: assignRole.isPending ? (assignRole.variables?.userId ?? null) : null,
        onToggle: (member) =>
          assignRole.mutate(
            { userId: member.userId, assignedRole: coachToggleRole(member) },
            {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: "Couldn't change the role",
                  description: getErrorMessage(error),
                }),
            },
          ),
      }
    : undefined;
  const invitationControls: InvitationControls | undefined = manages
    ? {
        busyId: resend.isPending ? (resend.variables ?? null) : revoke.isPending ? (revoke.variables ?? null) : null,
        onResend: (invitation) =>
          resend.mutate(invitation.id, { onSuccess: setResent, onError: toastInvitationFailed }),
        onRevoke: (invitation) =>
          revoke.mutate(invitation.id, {
            onSuccess: () =>
              toast({
                title: 'Invitation revoked',
                description: `The link sent to ${invitation.inviteeName} no longer works.`,
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: "Couldn't revoke the invitation",
                description: getErrorMessage(error),
              }),
          }),
      }
    : undefined;
  const memberList = (props: {
    title: string;
    members: readonly TeamMember[];
    emptyText: string;
    detailOf?: (member: TeamMember) => string | null;
  }) => <MemberList {...props} team={team} currentUserId={user.id} coachAction={coachAction} />;
  const open = (name: DialogName) => () => setDialog(name);

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
              {pluralize(memberTotal, 'member')} · {players ? pluralize(players.length, 'player') : '… players'}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {manages ? (
              <Button
                variant="secondary"
                className="flex-1 bg-white/90 hover:bg-white sm:flex-none"
                onClick={open('createEvent')}
              >
                <CalendarPlus className="size-4" aria-hidden="true" />
                Create Event
              </Button>
            ) : null}
            <Link
              to={chatPath(team.id)}
              className={buttonClassName('secondary', 'md', 'flex-1 bg-white/90 hover:bg-white sm:flex-none')}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              Team Chat
            </Link>
          </div>
        </div>
      </header>

      <TeamMatches teamId={team.id} />

      <TeamMuteToggle teamId={team.id} teamName={team.name} />

      {manages ? <TeamRemindersSetting team={team} /> : null}

      {team.code && manages ? (
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
          value={players?.length ?? null}
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
        <Tabs defaultValue="players">
          <TabsList aria-label="Team roster">
            <TabsTrigger value="players">Players &amp; Parents</TabsTrigger>
            <TabsTrigger value="coaches">Coaches</TabsTrigger>
            <TabsTrigger value="members">Team Members</TabsTrigger>
          </TabsList>
          <TabsContent value="players" className="space-y-4">
            {manages ? (
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" size="sm" onClick={open('addPlayer')}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Add Player
                </Button>
                <Button size="sm" onClick={open('invitePlayer')}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Invite Player
                </Button>
              </div>
            ) : null}
            <Loaded query={playersQuery} what="players">
              {(list) => (
                <>
                  <MyChildrenConsents teamId={teamId} players={list} userId={user.id} />
                  {manages ? <TeamConsentSummaryLine summary={consentSummary.data} /> : null}
                  <PlayerLists
                    players={list}
                    invitations={invitationsQuery.data}
                    controls={invitationControls}
                    {...(manages
                      ? {
                          badgesFor: (player: Player) => (
                            <ConsentBadges row={consentSummary.data?.players.find((r) => r.playerId === player.id)} />
                          ),
                        }
                      : {})}
                  />
                </>
              )}
            </Loaded>
          </TabsContent>
          <TabsContent value="coaches" className="space-y-4">
            {manages ? (
              <div className="flex justify-end">
                <Button size="sm" onClick={open('inviteCoach')}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Invite Coach
                </Button>
              </div>
            ) : null}
            <Loaded query={membersQuery} what="members">
              {(list) =>
                memberList({ title: 'Coaches', members: groupRoster(list).coaches, emptyText: 'No coaches yet.' })
              }
            </Loaded>
            {invitationControls && invitationsQuery.data ? (
              <CoachInvitations invitations={invitationsQuery.data} controls={invitationControls} />
            ) : null}
          </TabsContent>
          <TabsContent value="members" className="space-y-5">
            <Loaded query={membersQuery} what="members">
              {(list) => (
                <>
                  {memberList({
                    title: 'Parents',
                    members: groupRoster(list).parents,
                    emptyText: 'No parents yet.',
                    detailOf: childrenOf(players),
                  })}
                  {memberList({
                    title: 'Other Members',
                    members: groupRoster(list).others,
                    emptyText: 'No other members.',
                  })}
                </>
              )}
            </Loaded>
          </TabsContent>
        </Tabs>
      </Card>

      {manages && dialogsWanted ? (
        <Suspense fallback={null}>
          <TeamPageDialogs
            team={team}
            dialog={dialog}
            onDialogChange={setDialog}
            resent={resent}
            onResentClose={() => setResent(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

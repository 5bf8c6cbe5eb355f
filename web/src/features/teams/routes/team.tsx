import type { Team } from '@sideline/domain';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card.tsx';
import { useUser } from '../../auth/api.ts';
import { useTeamConsentSummary } from '../../consent/api.ts';
import { useTeamInvitations } from '../../invitations/api.ts';
import { TeamMuteToggle } from '../../notifications/components/team-mute-toggle.tsx';
import { useTeamPlayers } from '../../players/api.ts';
import { useTeam, useTeamMembers } from '../api.ts';
import { BackToTeams, TeamHeader } from '../components/team-header.tsx';
import { TeamCode } from '../components/team-code.tsx';
import { TeamLoadError, TeamLoading } from '../components/team-load-states.tsx';
import { TeamMatches } from '../components/team-matches.tsx';
import type { TeamDialogName as DialogName } from '../components/team-page-dialogs.tsx';
import { TeamRemindersSetting } from '../components/team-reminders-setting.tsx';
import { TeamRosterTabs } from '../components/team-roster-tabs.tsx';
import { TeamStats } from '../components/team-stats.tsx';
import { useTeamManagerActions } from '../hooks/use-team-manager-actions.ts';
import { groupRoster, isTeamManager } from '../team-display.ts';

// Loaded with their forms when the first one opens; until then the buttons only set the state.
const TeamPageDialogs = lazy(() => import('../components/team-page-dialogs.tsx'));

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
  const { coachAction, invitationControls, resent, clearResent } = useTeamManagerActions(
    teamId,
    teamQuery.data,
    manages,
  );
  const [dialog, setDialog] = useState<DialogName | null>(null);
  // Mounted from the first opening on, so a dialog can animate closed.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (dialog !== null || resent !== null)) setDialogsWanted(true);

  if (!user) return null;
  if (teamQuery.isPending) return <TeamLoading />;
  if (teamQuery.isError) {
    return <TeamLoadError teamId={teamId} error={teamQuery.error} retry={() => void teamQuery.refetch()} />;
  }

  const team: Team = teamQuery.data;
  const members = membersQuery.data;
  const players = playersQuery.data;
  const roster = members ? groupRoster(members) : null;
  const memberTotal = members?.length ?? team.memberCount;

  return (
    <div className="space-y-6">
      <BackToTeams />
      <TeamHeader
        team={team}
        memberTotal={memberTotal}
        playerCount={players?.length ?? null}
        {...(manages ? { onCreateEvent: () => setDialog('createEvent') } : {})}
      />

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

      <TeamStats
        members={memberTotal}
        players={players?.length ?? null}
        coaches={roster?.coaches.length ?? null}
        parents={roster?.parents.length ?? null}
      />

      <TeamRosterTabs
        team={team}
        userId={user.id}
        manages={manages}
        playersQuery={playersQuery}
        membersQuery={membersQuery}
        invitations={invitationsQuery.data}
        consentSummary={consentSummary.data}
        coachAction={coachAction}
        invitationControls={invitationControls}
        onOpen={setDialog}
      />

      {manages && dialogsWanted ? (
        <Suspense fallback={null}>
          <TeamPageDialogs
            team={team}
            dialog={dialog}
            onDialogChange={setDialog}
            resent={resent}
            onResentClose={clearResent}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

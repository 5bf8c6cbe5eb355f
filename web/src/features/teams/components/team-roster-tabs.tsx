import type { Invitation, Player, Team, TeamConsentSummary, TeamMember } from '@sideline/domain';
import { UserPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import {
  InvitationActions,
  InvitationSummary,
  openInvitations,
  type InvitationControls,
} from '../../invitations/components/invitation-actions.tsx';
import { PlayerLists } from '../../players/components/player-lists.tsx';
import { MyChildrenConsents } from '../../consent/components/child-consents.tsx';
import { ConsentBadges, TeamConsentSummaryLine } from '../../consent/components/consent-badges.tsx';
import { groupRoster } from '../team-display.ts';
import { Loaded } from './loaded.tsx';
import { MemberList, type CoachAction } from './member-list.tsx';
import type { TeamDialogName } from './team-page-dialogs.tsx';

// Only a manager sees the roster's adult switches: the others' first download goes without them.
const AdultToggle = lazy(() =>
  import('../../players/components/adult-toggle.tsx').then((module) => ({ default: module.AdultToggle })),
);

type QueryOf<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

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
 * The roster in three tabs: players with their parents (and, for a parent, their children's
 * consents; for managers, the consent badges), coaches with open coach invitations, and the other
 * members. Managers get the add and invite buttons.
 */
export function TeamRosterTabs({
  team,
  userId,
  manages,
  playersQuery,
  membersQuery,
  invitations,
  consentSummary,
  coachAction,
  invitationControls,
  onOpen,
}: {
  team: Team;
  userId: string;
  manages: boolean;
  playersQuery: QueryOf<Player[]>;
  membersQuery: QueryOf<TeamMember[]>;
  invitations: Invitation[] | undefined;
  consentSummary: TeamConsentSummary | undefined;
  coachAction: CoachAction | undefined;
  invitationControls: InvitationControls | undefined;
  onOpen: (dialog: TeamDialogName) => void;
}) {
  const memberList = (props: {
    title: string;
    members: readonly TeamMember[];
    emptyText: string;
    detailOf?: (member: TeamMember) => string | null;
  }) => <MemberList {...props} team={team} currentUserId={userId} coachAction={coachAction} />;

  return (
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
              <Button variant="outline" size="sm" onClick={() => onOpen('addPlayer')}>
                <UserPlus className="size-4" aria-hidden="true" />
                Add Player
              </Button>
              <Button size="sm" onClick={() => onOpen('invitePlayer')}>
                <UserPlus className="size-4" aria-hidden="true" />
                Invite Player
              </Button>
            </div>
          ) : null}
          <Loaded query={playersQuery} what="players">
            {(list) => (
              <>
                <MyChildrenConsents teamId={team.id} players={list} userId={userId} />
                {manages ? <TeamConsentSummaryLine summary={consentSummary} /> : null}
                <PlayerLists
                  players={list}
                  invitations={invitations}
                  controls={invitationControls}
                  {...(manages
                    ? {
                        badgesFor: (player: Player) => (
                          <>
                            <ConsentBadges row={consentSummary?.players.find((r) => r.playerId === player.id)} />
                            <Suspense fallback={null}>
                              <AdultToggle teamId={team.id} player={player} />
                            </Suspense>
                          </>
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
              <Button size="sm" onClick={() => onOpen('inviteCoach')}>
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
          {invitationControls && invitations ? (
            <CoachInvitations invitations={invitations} controls={invitationControls} />
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
                  detailOf: childrenOf(playersQuery.data),
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
  );
}

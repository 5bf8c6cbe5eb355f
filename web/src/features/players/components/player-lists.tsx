import { groupPlayersByLink, type Invitation, type Player } from '@sideline/domain';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  InvitationActions,
  InvitationSummary,
  openInvitations,
  type InvitationControls,
} from '../../invitations/components/invitation-actions.tsx';

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{count}</span>
      </h3>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-4 py-5 text-center text-sm text-slate-500">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {children}
        </ul>
      )}
    </section>
  );
}

function PlayerRow({
  player,
  detail,
  actions,
  badges,
}: {
  player: Player;
  detail: ReactNode;
  actions?: ReactNode;
  badges?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar name={player.name} src={null} size="md" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
          <span className="truncate">{player.name}</span>
          {player.jerseyNumber ? (
            <span className="text-xs font-normal text-slate-500">#{player.jerseyNumber}</span>
          ) : null}
          {player.account ? <Badge tone="purple">Has an account</Badge> : null}
          {badges}
        </p>
        {player.account ? (
          // The rewards of the player's own account, shown to their team (and so to their parents).
          <p className="text-xs font-medium text-brand-700" data-testid="player-rewards">
            {player.xp} XP · {player.dulars} dulars
          </p>
        ) : null}
        <div className="text-xs text-slate-500">{detail}</div>
      </div>
      {actions}
    </li>
  );
}

interface PlayerListsProps {
  players: readonly Player[];
  /** The team's invitations: managers only (undefined for everyone else, or while loading). */
  invitations: readonly Invitation[] | undefined;
  /** Resend and revoke, for managers. */
  controls?: InvitationControls;
  /** Badges beside a player's name (the consent badges managers see). */
  badgesFor?: (player: Player) => ReactNode;
}

/**
 * The Players tab's three lists (spec §2, §4): Linked Players, Pending Invitations, Unlinked
 * Players, as the server's one parent-link rule placed each player (groupPlayersByLink).
 */
export function PlayerLists({ players, invitations, controls, badgesFor }: PlayerListsProps) {
  const { linked, pending, unlinked } = groupPlayersByLink(players);
  const open = openInvitations(invitations);
  const openFor = (player: Player, inviteType: Invitation['inviteType']) =>
    open.find((i) => i.playerId === player.id && i.inviteType === inviteType);
  const accountInvitation = (player: Player) => {
    const invitation = player.account ? undefined : openFor(player, 'player');
    if (!invitation) return null;
    return (
      <span className="mt-1 flex flex-wrap items-center gap-2">
        <span>Player account:</span>
        <InvitationSummary invitation={invitation} />
        {controls ? <InvitationActions invitation={invitation} controls={controls} /> : null}
      </span>
    );
  };

  return (
    <div className="space-y-5">
      <Section title="Linked Players" count={linked.length} empty="No players are linked to a parent yet.">
        {linked.map((player) => (
          <PlayerRow
            key={player.id}
            player={player}
            badges={badgesFor?.(player)}
            detail={
              <>
                <span>
                  {player.guardians.length === 1 ? 'Parent' : 'Parents'}:{' '}
                  {player.guardians.map((g) => g.name).join(', ')}
                </span>
                {accountInvitation(player)}
              </>
            }
          />
        ))}
      </Section>
      <Section title="Pending Invitations" count={pending.length} empty="No invitations are waiting for a parent.">
        {pending.map((player) => {
          const invitation = openFor(player, 'parent');
          return (
            <PlayerRow
              key={player.id}
              player={player}
              badges={badgesFor?.(player)}
              detail={invitation ? <InvitationSummary invitation={invitation} /> : 'A parent has been invited.'}
              actions={
                invitation && controls ? <InvitationActions invitation={invitation} controls={controls} /> : null
              }
            />
          );
        })}
      </Section>
      <Section title="Unlinked Players" count={unlinked.length} empty="Every player has a parent linked or invited.">
        {unlinked.map((player) => (
          <PlayerRow
            key={player.id}
            player={player}
            badges={badgesFor?.(player)}
            detail={
              <>
                <span>Waiting for a parent</span>
                {accountInvitation(player)}
              </>
            }
          />
        ))}
      </Section>
    </div>
  );
}

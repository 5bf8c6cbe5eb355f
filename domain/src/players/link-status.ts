/**
 * Spec part 2 §4, the player's parent link:
 * - linked: a parent (guardian) is connected to the player;
 * - pending: no parent is linked and an unused parent invitation exists;
 * - unlinked ("Waiting"): otherwise;
 * - a player with a used parent invitation but no parent falls in neither list: `unlisted`.
 *
 * A revoked invitation no longer exists for this purpose. An expired one is still unused: the
 * player stays pending, so the manager sees it (marked expired) and can resend it.
 */
export const linkStatuses = ['linked', 'pending', 'unlinked', 'unlisted'] as const;
export type LinkStatus = (typeof linkStatuses)[number];

export interface ParentInvitationFacts {
  usedAt: string | null;
  revokedAt: string | null;
}

export function playerLinkStatus(
  guardianCount: number,
  parentInvitations: readonly ParentInvitationFacts[],
): LinkStatus {
  if (guardianCount > 0) return 'linked';
  const live = parentInvitations.filter((i) => i.revokedAt === null);
  if (live.some((i) => i.usedAt === null)) return 'pending';
  if (live.some((i) => i.usedAt !== null)) return 'unlisted';
  return 'unlinked';
}

export interface PlayersByLink<P> {
  linked: P[];
  pending: P[];
  unlinked: P[];
}

/** The three lists of the team page's Players tab, in roster order; `unlisted` players are in none. */
export function groupPlayersByLink<P extends { linkStatus: LinkStatus }>(players: readonly P[]): PlayersByLink<P> {
  return {
    linked: players.filter((p) => p.linkStatus === 'linked'),
    pending: players.filter((p) => p.linkStatus === 'pending'),
    unlinked: players.filter((p) => p.linkStatus === 'unlinked'),
  };
}

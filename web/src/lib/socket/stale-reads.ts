import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { apiPaths, queryKeys } from '../query-keys.ts';
import { isFrame, type IncomingFrame } from './protocol.ts';

/** One set of cached reads a frame makes stale; `{}` is every read. */
type Stale = InvalidateQueryFilters;

/**
 * The reads that show matches as a whole: the match lists (every match's own read among them),
 * the caller's and the teams' boards, and the admins' figures (Live now).
 */
function showsMatchSummary(queryKey: readonly unknown[], teamIds: readonly string[]): boolean {
  const path = String(queryKey[0]);
  if (path === apiPaths.matches || path === apiPaths.myMatches) return true;
  if (path === apiPaths.adminStats || path === apiPaths.adminMatches) return true;
  if (/^\/api\/organizations\/[^/]+\/stats$/.test(path)) return true;
  if (teamIds.some((teamId) => path === apiPaths.teamMatches(teamId))) return true;
  return /^\/api\/matches\/[^/]+$/.test(path);
}

/** The reads a change of one match shows in: the summaries and everything read of that match. */
function showsMatch(queryKey: readonly unknown[], matchId: string, teamIds: readonly string[]): boolean {
  const path = String(queryKey[0]);
  const own = apiPaths.match(matchId);
  if (path === own || path.startsWith(`${own}/`)) return true;
  // Another match's own read did not change.
  if (path.startsWith(`${apiPaths.matches}/`)) return false;
  return showsMatchSummary(queryKey, teamIds);
}

const keys = (...queryKeys: readonly (readonly unknown[])[]): Stale[] => queryKeys.map((queryKey) => ({ queryKey }));

/** A team's schedule: its events, the next ones, and every Home that lists them. */
const schedule = (teamId: string) =>
  keys(queryKeys.teamEvents(teamId), queryKeys.teamUpcomingEvents(teamId), queryKeys.myUpcoming, queryKeys.dashboard);

/** A team's chat: its messages, the pinned ones, and Home's latest. */
const chat = (teamId: string) =>
  keys(queryKeys.teamMessages(teamId), queryKeys.teamPinnedMessages(teamId), queryKeys.dashboard);

const roster = (teamId: string) => keys(queryKeys.teamPlayers(teamId), queryKeys.teamInvitations(teamId));

/**
 * For each "this changed" frame about one team (spec §7), the cached reads it makes stale. Only
 * the queries on screen refetch; the rest are fetched when next shown.
 */
const TEAM_STALE_READS: Record<string, (teamId: string) => Stale[]> = {
  // Safeguarding: a deleted or edited message reads 'Message deleted' or "edited" in place.
  message_deleted: chat,
  message_edited: chat,
  pinned_changed: (teamId) => keys(queryKeys.teamPinnedMessages(teamId)),
  // Created, changed, cancelled, answered; the coaches' late Not Going flag comes with the events.
  events_changed: schedule,
  rsvp_late_change: schedule,
  team_players_changed: roster,
  team_invitations_changed: roster,
  team_members_changed: (teamId) => keys(queryKeys.teamMembers(teamId), queryKeys.teams, queryKeys.team(teamId)),
  // A team went live or stopped: the matches' "Watch live" links come with the match reads.
  livestream_updated: (teamId) => [{ predicate: (query) => showsMatchSummary(query.queryKey, [teamId]) }],
};

/** The reads `frame` makes stale: none for a frame this client does not know. */
export function staleReadsOf(frame: IncomingFrame): Stale[] {
  if (isFrame(frame, 'new_message')) {
    const { teamId, mediaUrl } = frame.message;
    return keys(
      queryKeys.teamMessages(teamId),
      queryKeys.dashboard,
      ...(mediaUrl ? [queryKeys.teamMedia(teamId)] : []),
    );
  }
  // Status, lineup, stats or a correction: everything that shows the match.
  if (isFrame(frame, 'match_updated')) {
    return [{ predicate: (query) => showsMatch(query.queryKey, frame.matchId, frame.teamIds) }];
  }
  // Play moved the user's rewards (a goal, or its correction): the header's XP and the rewards.
  if (frame.type === 'rewards_changed') return keys(queryKeys.user, queryKeys.rewardsMe);
  // The server's bus was down: "this changed" frames may have been lost, as after our own
  // reconnect, so everything shown is fetched again.
  if (isFrame(frame, 'resync')) return [{}];
  const { teamId } = frame as { teamId?: unknown };
  const reads = Object.hasOwn(TEAM_STALE_READS, frame.type) ? TEAM_STALE_READS[frame.type] : undefined;
  return reads && typeof teamId === 'string' ? reads(teamId) : [];
}

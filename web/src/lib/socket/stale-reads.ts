import { hashKey, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { filtersOf, only, type Stale } from '../query-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';
import { isFrame, type IncomingFrame } from './protocol.ts';

/*
 * The keys are built from the API paths with `apiKey`, which gives the same arrays as the
 * features' key factories (`chatKeys`, `calendarKeys`, …): lib/ does not import the features.
 */

/** Any organization's figures, `['api', 'organizations', any, 'stats']`: no prefix names them. */
const isAnyOrgStats = (queryKey: QueryKey) =>
  queryKey.length === 4 && queryKey[0] === 'api' && queryKey[1] === 'organizations' && queryKey[3] === 'stats';

/** Every match's own read, `['api', 'matches', any]`, without what is below it (its stats, …). */
const isAnyMatch = (queryKey: QueryKey) => queryKey.length === 3 && queryKey[0] === 'api' && queryKey[1] === 'matches';

/**
 * The reads that show matches as a whole: the match list (alone: each match's reads are below
 * it), the caller's and the teams' boards, and the admins' figures (Live now).
 */
const matchSummaries = (teamIds: readonly string[]): Stale[] => [
  only(apiKey(apiPaths.matches)),
  apiKey(apiPaths.myMatches),
  apiKey(apiPaths.adminStats),
  apiKey(apiPaths.adminMatches),
  ...teamIds.map((teamId) => apiKey(apiPaths.teamMatches(teamId))),
  { predicate: ({ queryKey }) => isAnyOrgStats(queryKey) },
];

/** A team's schedule: its events (the next ones and each event's history below them), and every Home that lists them. */
const schedule = (teamId: string): Stale[] => [
  apiKey(apiPaths.teamEvents(teamId)),
  apiKey(apiPaths.myUpcoming),
  apiKey(apiPaths.dashboard),
];

/** A team's chat: its messages (the pages and the pinned ones below them), and Home's latest. */
const chat = (teamId: string): Stale[] => [apiKey(apiPaths.teamMessages(teamId)), apiKey(apiPaths.dashboard)];

/** A new message: the team's latest page and its history below it, not the pinned ones (it is not pinned yet). */
function newMessage(teamId: string): Stale {
  const pinned = hashKey(apiKey(apiPaths.teamPinnedMessages(teamId)));
  return { queryKey: apiKey(apiPaths.teamMessages(teamId)), predicate: ({ queryHash }) => queryHash !== pinned };
}

const roster = (teamId: string): Stale[] => [
  apiKey(apiPaths.teamPlayers(teamId)),
  apiKey(apiPaths.teamInvitations(teamId)),
];

/**
 * For each "this changed" frame about one team (spec §7), the cached reads it makes stale. Only
 * the queries on screen refetch; the rest are fetched when next shown.
 */
const TEAM_STALE_READS: Record<string, (teamId: string) => Stale[]> = {
  // Safeguarding: a deleted or edited message reads 'Message deleted' or "edited" in place.
  message_deleted: chat,
  message_edited: chat,
  pinned_changed: (teamId) => [apiKey(apiPaths.teamPinnedMessages(teamId))],
  // Created, changed, cancelled, answered; the coaches' late Not Going flag comes with the events.
  events_changed: schedule,
  rsvp_late_change: schedule,
  team_players_changed: roster,
  team_invitations_changed: roster,
  // The members, the team itself (not everything of it) and the user's teams (not everything of them).
  team_members_changed: (teamId) => [
    apiKey(apiPaths.teamMembers(teamId)),
    only(apiKey(apiPaths.teams)),
    only(apiKey(apiPaths.team(teamId))),
  ],
  // A team went live or stopped: the matches' "Watch live" links come with the match reads.
  livestream_updated: (teamId) => [...matchSummaries([teamId]), { predicate: ({ queryKey }) => isAnyMatch(queryKey) }],
};

/**
 * Allowance for the answer's and the `joined` frame's time on the way: a read answered up to this
 * long after a change (as this client's clock puts it) is still taken for one answered before it.
 */
const CHANGE_CLOCK_ALLOWANCE_MS = 1_000;

/**
 * `joined` names the teams that changed in the last minute, before this socket followed them:
 * what was read of such a team before its change never heard of it, so it is read again.
 * Everything of each team (its prefix), and once, against the latest change, the reads across
 * teams that show them (a read asked for twice would be fetched twice).
 */
function changedBeforeJoin(recent: { now: number; changedAt: Record<string, number> }, clientNow: number): Stale[] {
  const clockOffset = clientNow - recent.now;
  const answeredBefore =
    (at: number) =>
    (filters: InvalidateQueryFilters): InvalidateQueryFilters => ({
      ...filters,
      predicate: (query) =>
        query.state.dataUpdatedAt < at + clockOffset + CHANGE_CLOCK_ALLOWANCE_MS &&
        (filters.predicate?.(query) ?? true),
    });
  const changes = Object.entries(recent.changedAt);
  if (changes.length === 0) return [];
  const latest = Math.max(...changes.map(([, at]) => at));
  const acrossTeams = [
    only(apiKey(apiPaths.teams)),
    apiKey(apiPaths.dashboard),
    apiKey(apiPaths.myUpcoming),
    ...matchSummaries([]),
  ];
  return [
    ...changes.map(([teamId, at]) => answeredBefore(at)(filtersOf(apiKey(apiPaths.team(teamId))))),
    ...acrossTeams.map((stale) => answeredBefore(latest)(filtersOf(stale))),
  ];
}

/** The reads `frame` makes stale: none for a frame this client does not know. */
export function staleReadsOf(frame: IncomingFrame, clientNow = Date.now()): Stale[] {
  if (isFrame(frame, 'joined')) return frame.recentChanges ? changedBeforeJoin(frame.recentChanges, clientNow) : [];
  if (isFrame(frame, 'new_message')) {
    const { teamId, mediaUrl } = frame.message;
    return [newMessage(teamId), apiKey(apiPaths.dashboard), ...(mediaUrl ? [apiKey(apiPaths.teamMedia(teamId))] : [])];
  }
  // Status, lineup, stats or a correction: everything read of the match, and what shows matches.
  if (isFrame(frame, 'match_updated')) {
    return [apiKey(apiPaths.match(frame.matchId)), ...matchSummaries(frame.teamIds)];
  }
  // Play moved the user's rewards (a goal, or its correction): the header's XP and the rewards.
  if (frame.type === 'rewards_changed') return [only(apiKey(apiPaths.user)), apiKey(apiPaths.rewardsMe)];
  // The server's bus was down: "this changed" frames may have been lost, as after our own
  // reconnect, so everything shown is fetched again.
  if (isFrame(frame, 'resync')) return [{}];
  const { teamId } = frame as { teamId?: unknown };
  const reads = Object.hasOwn(TEAM_STALE_READS, frame.type) ? TEAM_STALE_READS[frame.type] : undefined;
  return reads && typeof teamId === 'string' ? reads(teamId) : [];
}

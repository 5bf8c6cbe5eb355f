import type {
  AddParticipantInput,
  AmendStatInput,
  Livestream,
  Match,
  OrgTeam,
  Player,
  Participant,
  PlayingTime,
  RecordStatInput,
  ScheduleMatchInput,
  Season,
  Stat,
  SubstitutionInput,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { matchKeys, matchStale } from './match-boards.ts';
import { sendOrQueue } from '../../lib/offline/send-or-queue.ts';
import type { SendOutcome } from '../../lib/offline/outbox-types.ts';
// The match day reads (the match page, the boards).
import type { BoxScore, MatchTimeline } from '@sideline/domain';

/** GET /api/matches — the matches of the user's teams and of the organizations they administer. */
export const matchesQueryOptions = queryOptions({
  queryKey: matchKeys.all,
  queryFn: () => api.get<Match[]>(apiPaths.matches),
});

export function useMatches() {
  return useQuery(matchesQueryOptions);
}

/**
 * GET /api/livestreams/active — live now, for the Games screen's Livestreams tab. The livestream
 * screen's key (one cache), declared here for the same reason as the match forms' choices below.
 */
export function useGamesLivestreams(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apiKey(apiPaths.activeLivestreams),
    queryFn: ({ signal }) => api.get<Livestream[]>(apiPaths.activeLivestreams, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** GET /api/matches/{matchId}/participants — the lineup. */
export function useParticipants(matchId: string) {
  return useQuery({
    queryKey: matchKeys.part(matchId, 'participants'),
    queryFn: () => api.get<Participant[]>(apiPaths.match(matchId, 'participants')),
  });
}

/** GET /api/matches/{matchId}/stats — the statistics that stand after corrections. */
export function useMatchStats(matchId: string) {
  return useQuery({
    queryKey: matchKeys.part(matchId, 'stats'),
    queryFn: () => api.get<Stat[]>(apiPaths.match(matchId, 'stats')),
  });
}

/** GET /api/matches/{matchId}/playing-time — minutes per player, with the events behind them. */
export function usePlayingTime(matchId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: matchKeys.part(matchId, 'playing-time'),
    queryFn: () => api.get<PlayingTime>(apiPaths.match(matchId, 'playing-time')),
    enabled: options.enabled ?? true,
  });
}

// The match forms' choices. The same keys as the seasons and roster screens (one cache, built
// from the same paths); declared here so this lazy screen does not split those screens' chunks (each split costs Home's first
// load a preload entry).

/** GET /api/seasons — the seasons of the user's organizations (Create Match). */
export function useMatchSeasons() {
  return useQuery({ queryKey: apiKey(apiPaths.seasons), queryFn: () => api.get<Season[]>(apiPaths.seasons) });
}

/** GET /api/seasons/{seasonId}/teams — the two teams are chosen from the season's. */
export function useMatchSeasonTeams(seasonId: string) {
  return useQuery({
    queryKey: apiKey(apiPaths.seasonTeams(seasonId)),
    queryFn: () => api.get<OrgTeam[]>(apiPaths.seasonTeams(seasonId)),
    enabled: Boolean(seasonId),
  });
}

/** GET /api/teams/{teamId}/players — the club players a lineup may take. */
export function useRosterPlayers(teamId: string) {
  return useQuery({
    queryKey: apiKey(apiPaths.teamPlayers(teamId)),
    queryFn: () => api.get<Player[]>(apiPaths.teamPlayers(teamId)),
  });
}

/** POST /api/matches (managers) → the scheduled match. */
export function useScheduleMatch() {
  return useMutation({
    mutationFn: (input: ScheduleMatchInput) => api.post<Match>(apiPaths.matches, { ...input, status: 'scheduled' }),
    // The lists and the boards of the teams that play it.
    meta: {
      invalidates: (match: Match) => [
        only(matchKeys.all),
        matchKeys.mine,
        ...[match.teamA.id, match.teamB.id].flatMap((id) => (id ? [matchKeys.team(id)] : [])),
      ],
    },
  });
}

export type MatchStatusChange = 'in_progress' | 'complete' | 'cancelled';

/** PUT /api/matches/{matchId} {status} — Start, Complete or Cancel (409 ILLEGAL_TRANSITION otherwise). */
export function useSetMatchStatus(
  matchId: string,
  /**
   * Run by the mutation itself, unlike `mutate`'s own callbacks: they still run when the caller
   * has unmounted meanwhile (the detail dialog remounts its actions when the status changes, and
   * the socket's `match_updated` can bring the new status before this answer arrives).
   */
  callbacks: { onSuccess?: (match: Match) => void; onError?: (error: Error) => void } = {},
) {
  return useMutation({
    mutationFn: (status: MatchStatusChange) => api.put<Match>(apiPaths.match(matchId), { status }),
    meta: { invalidates: matchStale(matchId) },
    ...(callbacks.onSuccess ? { onSuccess: callbacks.onSuccess } : {}),
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}

/** POST /api/matches/{matchId}/participants {userId | playerId, teamId, positionId, isStarter}. */
export function useAddParticipant(matchId: string) {
  return useMutation({
    mutationFn: (input: AddParticipantInput) => api.post<Participant>(apiPaths.match(matchId, 'participants'), input),
    meta: { invalidates: matchStale(matchId) },
  });
}

/** DELETE /api/matches/{matchId}/participants/{participantId} */
export function useRemoveParticipant(matchId: string) {
  return useMutation({
    mutationFn: (participantId: string) => api.delete<void>(apiPaths.match(matchId, 'participants', participantId)),
    meta: { invalidates: matchStale(matchId) },
  });
}

/** POST /api/matches/{matchId}/substitutions {out, in} → the lineup after it. */
export function useSubstitute(matchId: string) {
  return useMutation({
    mutationFn: (input: SubstitutionInput) => api.post<Participant[]>(apiPaths.match(matchId, 'substitutions'), input),
    meta: { invalidates: matchStale(matchId) },
  });
}

/** POST /api/matches/{matchId}/stats {userId | playerId | participantId, statType, value, context}. */
export function useRecordStat(matchId: string) {
  return useMutation({
    mutationFn: (input: RecordStatInput) => api.post<Stat>(apiPaths.match(matchId, 'stats'), input),
    meta: { invalidates: matchStale(matchId) },
  });
}

/** PUT /api/matches/{matchId}/stats/{statId} {value, context, reason} — a correction. */
export function useAmendStat(matchId: string) {
  return useMutation({
    mutationFn: ({ statId, ...input }: AmendStatInput & { statId: string }) =>
      api.put<Stat>(apiPaths.match(matchId, 'stats', statId), input),
    meta: { invalidates: matchStale(matchId) },
  });
}

/** DELETE /api/matches/{matchId}/stats/{statId} {reason} — a retraction. */
export function useRetractStat(matchId: string) {
  return useMutation({
    mutationFn: ({ statId, reason }: { statId: string; reason: string }) =>
      api.delete<void>(`${apiPaths.match(matchId, 'stats', statId)}?reason=${encodeURIComponent(reason)}`),
    meta: { invalidates: matchStale(matchId) },
  });
}

// ---- match day: the match page, the boards and the scorer -----------------------------------

/** GET /api/matches/{matchId} — one match, for every member of its teams and its organization's admins. */
export function matchQueryOptions(matchId: string) {
  return queryOptions({
    queryKey: matchKeys.detail(matchId),
    queryFn: () => api.get<Match>(apiPaths.match(matchId)),
  });
}

export function useMatch(matchId: string) {
  return useQuery(matchQueryOptions(matchId));
}

/** GET /api/matches/{matchId}/timeline — every stat recorded, corrected or taken back, in order. */
export function useMatchTimeline(matchId: string) {
  return useQuery({
    queryKey: matchKeys.part(matchId, 'timeline'),
    queryFn: () => api.get<MatchTimeline>(apiPaths.match(matchId, 'timeline')),
  });
}

/** GET /api/matches/{matchId}/box-score — each side's totals and each player's stats. */
export function useBoxScore(matchId: string) {
  return useQuery({
    queryKey: matchKeys.part(matchId, 'box-score'),
    queryFn: () => api.get<BoxScore>(apiPaths.match(matchId, 'box-score')),
  });
}

/** A stat as the scorer sends it: always with a `clientId`, so sending it again records it once. */
export type ScoredStat = RecordStatInput & { clientId: string };

/** The outbox's kind for the scorer's stats; their scope is the match id. */
export const STAT_KIND = 'match.stat';

/**
 * POST /api/matches/{matchId}/stats — the scorer's one send, or, offline (or when the network
 * fails), a write kept in the outbox and sent when the connection returns. The `clientId` is the
 * outbox's idempotency key too: a retry or a replay lands once and answers the same stat; a retry
 * after an Undo answers 409 STAT_ALREADY_RETRACTED.
 */
export function sendStat(
  matchId: string,
  stat: ScoredStat,
  shown: { what: string; who: string },
): Promise<SendOutcome<Stat>> {
  return sendOrQueue<Stat>({
    kind: STAT_KIND,
    scope: matchId,
    label: `${shown.what}: ${shown.who}`,
    method: 'POST',
    path: apiPaths.match(matchId, 'stats'),
    body: stat,
    idempotencyKey: stat.clientId,
    refresh: [apiPaths.matches, apiPaths.match(matchId)],
    data: shown,
  });
}

/** The reason the scorer's Undo records (the server keeps the retraction in the match's history). */
export const UNDO_REASON = 'Undone by scorer';

/** The scorer's stat: `sendStat`, then everything that shows the match refetches. */
export function useScoreStat(matchId: string) {
  return useMutation({
    // Offline the stat must still reach the outbox, not wait paused in memory.
    networkMode: 'always',
    mutationFn: ({ stat, shown }: { stat: ScoredStat; shown: { what: string; who: string } }) =>
      sendStat(matchId, stat, shown),
    meta: { invalidates: matchStale(matchId), invalidatesOnError: true },
  });
}

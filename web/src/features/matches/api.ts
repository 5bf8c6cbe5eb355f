import type {
  AddParticipantInput,
  AmendStatInput,
  Match,
  Participant,
  PlayingTime,
  PositionView,
  RecordStatInput,
  ScheduleMatchInput,
  Stat,
  SubstitutionInput,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, isMatchKey, queryKeys } from '../../lib/query-keys.ts';

/** GET /api/matches — the matches of the user's teams and of the organizations they administer. */
export const matchesQueryOptions = queryOptions({
  queryKey: queryKeys.matches,
  queryFn: () => api.get<Match[]>(apiPaths.matches),
});

export function useMatches() {
  return useQuery(matchesQueryOptions);
}

/** GET /api/matches/{matchId}/participants — the lineup. */
export function useParticipants(matchId: string) {
  return useQuery({
    queryKey: queryKeys.matchParticipants(matchId),
    queryFn: () => api.get<Participant[]>(apiPaths.matchParticipants(matchId)),
  });
}

/** GET /api/matches/{matchId}/stats — the statistics that stand after corrections. */
export function useMatchStats(matchId: string) {
  return useQuery({
    queryKey: queryKeys.matchStats(matchId),
    queryFn: () => api.get<Stat[]>(apiPaths.matchStats(matchId)),
  });
}

/** GET /api/matches/{matchId}/playing-time — minutes per player, with the events behind them. */
export function usePlayingTime(matchId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.matchPlayingTime(matchId),
    queryFn: () => api.get<PlayingTime>(apiPaths.matchPlayingTime(matchId)),
    enabled: options.enabled ?? true,
  });
}

/** GET /api/sports/{sportId}/positions */
export function usePositions(sportId: string) {
  return useQuery({
    queryKey: queryKeys.sportPositions(sportId),
    queryFn: () => api.get<PositionView[]>(apiPaths.sportPositions(sportId)),
  });
}

/** A match changed: the list (counters, scores) and everything read of that match. */
export function invalidateMatch(queryClient: QueryClient, matchId: string) {
  return queryClient.invalidateQueries({ predicate: (query) => isMatchKey(query.queryKey, matchId) });
}

/** POST /api/matches (managers) → the scheduled match. */
export function useScheduleMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleMatchInput) => api.post<Match>(apiPaths.matches, { ...input, status: 'scheduled' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
  });
}

export type MatchStatusChange = 'in_progress' | 'complete' | 'cancelled';

/** PUT /api/matches/{matchId} {status} — Start, Complete or Cancel (409 ILLEGAL_TRANSITION otherwise). */
export function useSetMatchStatus(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: MatchStatusChange) => api.put<Match>(apiPaths.match(matchId), { status }),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** POST /api/matches/{matchId}/participants {userId | playerId, teamId, positionId, isStarter}. */
export function useAddParticipant(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddParticipantInput) => api.post<Participant>(apiPaths.matchParticipants(matchId), input),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** DELETE /api/matches/{matchId}/participants/{participantId} */
export function useRemoveParticipant(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) => api.delete<void>(apiPaths.matchParticipant(matchId, participantId)),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** POST /api/matches/{matchId}/substitutions {out, in} → the lineup after it. */
export function useSubstitute(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubstitutionInput) => api.post<Participant[]>(apiPaths.matchSubstitutions(matchId), input),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** POST /api/matches/{matchId}/stats {userId | playerId | participantId, statType, value, context}. */
export function useRecordStat(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordStatInput) => api.post<Stat>(apiPaths.matchStats(matchId), input),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** PUT /api/matches/{matchId}/stats/{statId} {value, context, reason} — a correction. */
export function useAmendStat(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statId, ...input }: AmendStatInput & { statId: string }) =>
      api.put<Stat>(apiPaths.matchStat(matchId, statId), input),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

/** DELETE /api/matches/{matchId}/stats/{statId} {reason} — a retraction. */
export function useRetractStat(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statId, reason }: { statId: string; reason: string }) =>
      api.delete<void>(`${apiPaths.matchStat(matchId, statId)}?reason=${encodeURIComponent(reason)}`),
    onSuccess: () => invalidateMatch(queryClient, matchId),
  });
}

import type {
  AssignTeamRoleInput,
  CreateTeamInput,
  JoinTeamInput,
  OrgTeam,
  Team,
  TeamMember,
  TeamReminders,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/** GET /api/teams — the signed-in user's teams, oldest first (the first is the default selection). */
export const teamsQueryOptions = queryOptions({
  queryKey: queryKeys.teams,
  queryFn: () => api.get<Team[]>(apiPaths.teams),
});

/** GET /api/teams/{teamId} — one of the user's teams (404 for a team they are not in). */
export function teamQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.team(teamId),
    queryFn: () => api.get<Team>(apiPaths.team(teamId)),
  });
}

/** GET /api/teams/{teamId}/members */
export function teamMembersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamMembers(teamId),
    queryFn: () => api.get<TeamMember[]>(apiPaths.teamMembers(teamId)),
  });
}

export function useTeams() {
  return useQuery(teamsQueryOptions);
}

export function useTeam(teamId: string) {
  return useQuery(teamQueryOptions(teamId));
}

export function useTeamMembers(teamId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamMembersQueryOptions(teamId), enabled: options.enabled ?? true });
}

/**
 * Puts a team the user has just created or joined into the cache: its own key, and the end of
 * the teams list (oldest first) when the list is cached. The server answers only after its read
 * models hold the change, so the returned team is current; its member list is refetched.
 */
function rememberTeam(queryClient: QueryClient, team: Team) {
  queryClient.setQueryData(queryKeys.team(team.id), team);
  queryClient.setQueryData<Team[]>(queryKeys.teams, (teams) => {
    if (!teams) return teams;
    return teams.some((t) => t.id === team.id) ? teams.map((t) => (t.id === team.id ? team : t)) : [...teams, team];
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers(team.id) });
}

/** POST /api/teams (coaches) → the new team (201). */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput) => api.post<Team>(apiPaths.teams, input),
    onSuccess: (team) => rememberTeam(queryClient, team),
  });
}

/**
 * PUT /api/teams/{teamId}/members/{userId}/role {assignedRole} (managers) → the member. Who
 * manages changes with it, so the roster and the team (the user's own role in it) are refetched.
 */
export function useAssignTeamRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: AssignTeamRoleInput & { userId: string }) =>
      api.put<TeamMember>(apiPaths.teamMemberRole(teamId, userId), input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers(teamId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
      ]),
  });
}

/**
 * POST /api/teams/join {code} → the team joined (joining twice is harmless), and whether the user
 * was in it already (it was in their list of teams before), so the screen can say so.
 */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: JoinTeamInput) => {
      const before = await queryClient.ensureQueryData(teamsQueryOptions).catch(() => [] as Team[]);
      const team = await api.post<Team>(apiPaths.joinTeam, input);
      return { team, alreadyMember: before.some((t) => t.id === team.id) };
    },
    onSuccess: ({ team }) => rememberTeam(queryClient, team),
  });
}

/** PUT /api/teams/{teamId} {reminders} (its managers) → the team; the team's page reads it again. */
export function useSetTeamReminders(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminders: TeamReminders) => api.put<OrgTeam>(apiPaths.team(teamId), { reminders }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Team>(queryKeys.team(teamId), (team) =>
        team ? { ...team, reminders: saved.reminders } : team,
      );
    },
  });
}

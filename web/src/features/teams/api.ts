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
import { only } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/**
 * The teams' reads. `all` is the user's teams and, below it, every read of each team;
 * `detail(teamId)` is that team and everything of it (its events, chat, roster, …, whose keys
 * their features own). `only(…)` names the one read without what is below it.
 */
export const teamKeys = {
  all: apiKey(apiPaths.teams),
  detail: (teamId: string) => apiKey(apiPaths.team(teamId)),
  members: (teamId: string) => apiKey(apiPaths.teamMembers(teamId)),
};

/** GET /api/teams — the signed-in user's teams, oldest first (the first is the default selection). */
export const teamsQueryOptions = queryOptions({
  queryKey: teamKeys.all,
  queryFn: () => api.get<Team[]>(apiPaths.teams),
});

/** GET /api/teams/{teamId} — one of the user's teams (404 for a team they are not in). */
export function teamQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKeys.detail(teamId),
    queryFn: () => api.get<Team>(apiPaths.team(teamId)),
  });
}

/** GET /api/teams/{teamId}/members */
export function teamMembersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKeys.members(teamId),
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
  queryClient.setQueryData(teamKeys.detail(team.id), team);
  queryClient.setQueryData<Team[]>(teamKeys.all, (teams) => {
    if (!teams) return teams;
    return teams.some((t) => t.id === team.id) ? teams.map((t) => (t.id === team.id ? team : t)) : [...teams, team];
  });
}

/** A team created or joined: its member list is read again (the team itself came with the answer). */
const joinedTeamStale = (team: Team) => [teamKeys.members(team.id)];

/** POST /api/teams (coaches) → the new team (201). */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput) => api.post<Team>(apiPaths.teams, input),
    onSuccess: (team) => rememberTeam(queryClient, team),
    meta: { invalidates: joinedTeamStale },
  });
}

/**
 * PUT /api/teams/{teamId}/members/{userId}/role {assignedRole} (managers) → the member. Who
 * manages changes with it, so the roster and the team (the user's own role in it) are refetched.
 */
export function useAssignTeamRole(teamId: string) {
  return useMutation({
    mutationFn: ({ userId, ...input }: AssignTeamRoleInput & { userId: string }) =>
      api.put<TeamMember>(apiPaths.teamMemberRole(teamId, userId), input),
    meta: {
      invalidates: [teamKeys.members(teamId), only(teamKeys.detail(teamId)), only(teamKeys.all)],
      invalidatesOnError: true,
    },
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
    meta: { invalidates: ({ team }: { team: Team }) => joinedTeamStale(team) },
  });
}

/** PUT /api/teams/{teamId} {reminders} (its managers) → the team; the team's page reads it again. */
export function useSetTeamReminders(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminders: TeamReminders) => api.put<OrgTeam>(apiPaths.team(teamId), { reminders }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Team>(teamKeys.detail(teamId), (team) =>
        team ? { ...team, reminders: saved.reminders } : team,
      );
    },
  });
}

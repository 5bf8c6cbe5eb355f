import type {
  AcceptInviteResponse,
  Invitation,
  InvitationIssuedResponse,
  InviteInput,
  InviteLookup,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';
import { invalidateRoster } from '../players/api.ts';

/** GET /api/teams/{teamId}/invitations (managers) — never with tokens. */
export function teamInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamInvitations(teamId),
    queryFn: () => api.get<Invitation[]>(apiPaths.teamInvitations(teamId)),
  });
}

export function useTeamInvitations(teamId: string, options: { enabled: boolean }) {
  return useQuery({ ...teamInvitationsQueryOptions(teamId), enabled: options.enabled });
}

/** POST /api/teams/{teamId}/invite {inviteType: player | coach, …} → the invitation with its link (shown once). */
export function useInvite(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post<InvitationIssuedResponse>(apiPaths.teamInvite(teamId), input),
    onSuccess: () => invalidateRoster(queryClient, teamId),
  });
}

/** POST …/invitations/{id}/resend → a fresh link; the old one stops working. */
export function useResendInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.post<InvitationIssuedResponse>(apiPaths.teamInvitationResend(teamId, invitationId)),
    onSettled: () => invalidateRoster(queryClient, teamId),
  });
}

/** DELETE …/invitations/{id} → the revoked invitation. */
export function useRevokeInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.delete<Invitation>(apiPaths.teamInvitation(teamId, invitationId)),
    onSettled: () => invalidateRoster(queryClient, teamId),
  });
}

/** GET /api/invite/{token} (public): what the link is for; 404 unknown, 410 used, revoked or expired. */
export function inviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.invite(token),
    queryFn: () => api.get<InviteLookup>(apiPaths.invite(token)),
  });
}

export function useInviteLookup(token: string | null) {
  return useQuery({ ...inviteQueryOptions(token ?? ''), enabled: token !== null });
}

/** POST /api/invite/{token}/accept → the team joined; the user's teams change with it. */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AcceptInviteResponse>(apiPaths.inviteAccept(token)),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.team(result.team.id), result.team);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.invite(token) }),
      ]);
    },
  });
}

import type {
  AcceptInviteResponse,
  Invitation,
  InvitationIssuedResponse,
  InviteInput,
  InviteLookup,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { playerKeys, rosterStale } from '../players/api.ts';

/** An invitation link's lookup (public); a team's invitations are `playerKeys.invitations`. */
export const invitationKeys = {
  invite: (token: string) => apiKey(apiPaths.invite(token)),
};

/** GET /api/teams/{teamId}/invitations (managers) — never with tokens. */
export function teamInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: playerKeys.invitations(teamId),
    queryFn: () => api.get<Invitation[]>(apiPaths.teamInvitations(teamId)),
  });
}

export function useTeamInvitations(teamId: string, options: { enabled: boolean }) {
  return useQuery({ ...teamInvitationsQueryOptions(teamId), enabled: options.enabled });
}

/** POST /api/teams/{teamId}/invite {inviteType: player | coach, …} → the invitation with its link (shown once). */
export function useInvite(teamId: string) {
  return useMutation({
    mutationFn: (input: InviteInput) => api.post<InvitationIssuedResponse>(apiPaths.teamInvite(teamId), input),
    meta: { invalidates: rosterStale(teamId) },
  });
}

/** POST …/invitations/{id}/resend → a fresh link; the old one stops working. */
export function useResendInvitation(teamId: string) {
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.post<InvitationIssuedResponse>(apiPaths.teamInvitationResend(teamId, invitationId)),
    meta: { invalidates: rosterStale(teamId), invalidatesOnError: true },
  });
}

/** DELETE …/invitations/{id} → the revoked invitation. */
export function useRevokeInvitation(teamId: string) {
  return useMutation({
    mutationFn: (invitationId: string) => api.delete<Invitation>(apiPaths.teamInvitation(teamId, invitationId)),
    meta: { invalidates: rosterStale(teamId), invalidatesOnError: true },
  });
}

/** GET /api/invite/{token} (public): what the link is for; 404 unknown, 410 used, revoked or expired. */
export function inviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.invite(token),
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
    // The user's teams and Home (`teamKeys`, `dashboardKeys`, from the same paths: invitations imports neither).
    meta: { invalidates: [only(apiKey(apiPaths.teams)), apiKey(apiPaths.dashboard), invitationKeys.invite(token)] },
    onSuccess: (result) => {
      queryClient.setQueryData(apiKey(apiPaths.team(result.team.id)), result.team);
    },
  });
}

import type {
  OrgConsentSettings,
  PlayerConsents,
  TeamConsentSummary,
  UpdateConsentsInput,
  UpdateOrgConsentSettingsInput,
} from '@sideline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/** GET /api/teams/{teamId}/players/{playerId}/consents — a child's three consents, the wording and the ledger. */
export function usePlayerConsents(teamId: string, playerId: string) {
  return useQuery({
    queryKey: queryKeys.playerConsents(teamId, playerId),
    queryFn: () => api.get<PlayerConsents>(apiPaths.playerConsents(teamId, playerId)),
  });
}

/** PUT the guardian's answers under the wording shown; the answer is the child's consents as they are now. */
export function useAnswerConsents(teamId: string, playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateConsentsInput) =>
      api.put<PlayerConsents>(apiPaths.playerConsents(teamId, playerId), input),
    onSuccess: (consents) => {
      queryClient.setQueryData(queryKeys.playerConsents(teamId, playerId), consents);
      void queryClient.invalidateQueries({ queryKey: queryKeys.teamConsents(teamId) });
    },
    // A changed wording (409) or any refusal: read the consents again, so the new wording shows.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.playerConsents(teamId, playerId) }),
  });
}

/** GET /api/teams/{teamId}/consents — per player whether each consent counts as given (the team's managers). */
export function useTeamConsentSummary(teamId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.teamConsents(teamId),
    queryFn: () => api.get<TeamConsentSummary>(apiPaths.teamConsents(teamId)),
    enabled: options.enabled,
  });
}

const orgConsentPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/settings/consent`;
const orgConsentKey = (orgId: string) => [orgConsentPath(orgId)] as const;

/** GET /api/organizations/{orgId}/settings/consent — the wording with its version, and how unanswered consent counts (admins). */
export function useOrgConsentSettings(orgId: string) {
  return useQuery({
    queryKey: orgConsentKey(orgId),
    queryFn: () => api.get<OrgConsentSettings>(orgConsentPath(orgId)),
  });
}

/** PUT the wording (a new version: guardians are asked again) or the rule for unanswered consent. */
export function useUpdateOrgConsentSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgConsentSettingsInput) => api.put<OrgConsentSettings>(orgConsentPath(orgId), input),
    onSuccess: (settings) => {
      queryClient.setQueryData(orgConsentKey(orgId), settings);
      // Every child's consents now show the wording (and the answers under the old one as outdated).
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].endsWith('/consents'),
      });
    },
  });
}

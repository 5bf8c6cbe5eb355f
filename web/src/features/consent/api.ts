import type {
  OrgConsentSettings,
  PlayerConsents,
  TeamConsentSummary,
  UpdateConsentsInput,
  UpdateOrgConsentSettingsInput,
} from '@sideline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

const orgConsentPath = (orgId: string) => `${apiPaths.organizationSettings(orgId)}/consent`;

/** Consents: a child's, a team's summary, and an organization's wording. */
export const consentKeys = {
  player: (teamId: string, playerId: string) => apiKey(apiPaths.playerConsents(teamId, playerId)),
  team: (teamId: string) => apiKey(apiPaths.teamConsents(teamId)),
  orgSettings: (orgId: string) => apiKey(orgConsentPath(orgId)),
};

/** GET /api/teams/{teamId}/players/{playerId}/consents — a child's three consents, the wording and the ledger. */
export function usePlayerConsents(teamId: string, playerId: string) {
  return useQuery({
    queryKey: consentKeys.player(teamId, playerId),
    queryFn: () => api.get<PlayerConsents>(apiPaths.playerConsents(teamId, playerId)),
  });
}

/** PUT the guardian's answers under the wording shown; the answer is the child's consents as they are now. */
export function useAnswerConsents(teamId: string, playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateConsentsInput) =>
      api.put<PlayerConsents>(apiPaths.playerConsents(teamId, playerId), input),
    meta: { invalidates: [consentKeys.team(teamId)] },
    onSuccess: (consents) => {
      queryClient.setQueryData(consentKeys.player(teamId, playerId), consents);
    },
    // A changed wording (409) or any refusal: read the consents again, so the new wording shows.
    onError: () => queryClient.invalidateQueries({ queryKey: consentKeys.player(teamId, playerId) }),
  });
}

/** GET /api/teams/{teamId}/consents — per player whether each consent counts as given (the team's managers). */
export function useTeamConsentSummary(teamId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: consentKeys.team(teamId),
    queryFn: () => api.get<TeamConsentSummary>(apiPaths.teamConsents(teamId)),
    enabled: options.enabled,
  });
}

/** GET /api/organizations/{orgId}/settings/consent — the wording with its version, and how unanswered consent counts (admins). */
export function useOrgConsentSettings(orgId: string) {
  return useQuery({
    queryKey: consentKeys.orgSettings(orgId),
    queryFn: () => api.get<OrgConsentSettings>(orgConsentPath(orgId)),
  });
}

/** PUT the wording (a new version: guardians are asked again) or the rule for unanswered consent. */
export function useUpdateOrgConsentSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgConsentSettingsInput) => api.put<OrgConsentSettings>(orgConsentPath(orgId), input),
    // Every child's consents now show the wording (and the answers under the old one as outdated):
    // reads under every team, which no prefix names.
    meta: { invalidates: [{ predicate: ({ queryKey }) => queryKey.at(-1) === 'consents' }] },
    onSuccess: (settings) => {
      queryClient.setQueryData(consentKeys.orgSettings(orgId), settings);
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken, WorkspaceTwoFactor } from '@waymark/contract';
import { tSecurity } from '../../../i18n/security.ts';
import {
  adminResetTwoFactor,
  adminRevokeAccessToken,
  createAccessToken,
  disableTwoFactor,
  enableTwoFactor,
  fetchAccessTokens,
  fetchAdminSsoStatus,
  fetchIdentities,
  startSsoLink,
  unlinkIdentity,
  fetchAllAccessTokens,
  fetchTwoFactorStatus,
  fetchWorkspaceRules,
  regenerateRecoveryCodes,
  revokeAccessToken,
  setWorkspaceRule,
  startTwoFactorSetup,
} from '../api/securityApi.ts';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;
const TOKENS_QUERY_KEY = ['access-tokens'] as const;
const WORKSPACE_RULES_QUERY_KEY = ['two-factor-workspaces'] as const;
export const ADMIN_TOKENS_QUERY_KEY = ['admin', 'access-tokens'] as const;

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_QUERY_KEY,
  queryFn: fetchTwoFactorStatus,
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

/** A new secret and QR code each time the enrolment dialog opens (never cached). */
export function useTwoFactorSetup(isOpen: boolean) {
  return useQuery({
    queryKey: ['two-factor-setup'],
    queryFn: startTwoFactorSetup,
    enabled: isOpen,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { errorMessage: tSecurity('twoFactor.failed') },
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { successMessage: tSecurity('twoFactor.turnedOff') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}

export function useWorkspaceRules() {
  return useQuery({ queryKey: WORKSPACE_RULES_QUERY_KEY, queryFn: fetchWorkspaceRules });
}

export function useSetWorkspaceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, required }: { id: number; required: boolean }) => setWorkspaceRule(id, required),
    meta: { errorMessage: tSecurity('workspaces.failed') },
    onSuccess: (rule) => {
      queryClient.setQueryData<WorkspaceTwoFactor[]>(WORKSPACE_RULES_QUERY_KEY, (old) =>
        old?.map((item) => (item.id === rule.id ? rule : item)),
      );
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    },
  });
}

export function useAccessTokens() {
  return useQuery({
    queryKey: TOKENS_QUERY_KEY,
    queryFn: fetchAccessTokens,
    meta: { errorMessage: tSecurity('tokens.loadFailed') },
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: (created) => {
      const { token: _shownOnce, ...listed } = created;
      queryClient.setQueryData<AccessToken[]>(TOKENS_QUERY_KEY, (old) => [...(old ?? []), listed]);
    },
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    meta: { successMessage: tSecurity('tokens.revoked'), errorMessage: tSecurity('tokens.revokeFailed') },
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<AccessToken[]>(TOKENS_QUERY_KEY, (old) =>
        old?.filter((token) => token.id !== id),
      ),
  });
}

export function useAllAccessTokens() {
  return useQuery({
    queryKey: ADMIN_TOKENS_QUERY_KEY,
    queryFn: fetchAllAccessTokens,
    meta: { errorMessage: tSecurity('tokens.loadFailed') },
  });
}

export function useAdminRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRevokeAccessToken,
    meta: { successMessage: tSecurity('tokens.revoked'), errorMessage: tSecurity('tokens.revokeFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_TOKENS_QUERY_KEY }),
  });
}

export function useAdminResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminResetTwoFactor,
    meta: { errorMessage: tSecurity('admin.resetFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const IDENTITIES_QUERY_KEY = ['identities'] as const;

export function useIdentities() {
  return useQuery({
    queryKey: IDENTITIES_QUERY_KEY,
    queryFn: fetchIdentities,
    meta: { errorMessage: tSecurity('sso.loadFailed') },
  });
}

/** Starts linking: the browser leaves for the provider and comes back to the profile. */
export function useStartSsoLink() {
  return useMutation({
    mutationFn: startSsoLink,
    meta: { errorMessage: tSecurity('sso.linkFailed') },
    onSuccess: (url) => window.location.assign(url),
  });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    meta: { successMessage: tSecurity('sso.unlinked'), errorMessage: tSecurity('sso.unlinkFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IDENTITIES_QUERY_KEY }),
  });
}

export function useAdminSsoStatus() {
  return useQuery({
    queryKey: ['admin', 'sso'],
    queryFn: fetchAdminSsoStatus,
    meta: { errorMessage: tSecurity('adminSso.loadFailed') },
  });
}

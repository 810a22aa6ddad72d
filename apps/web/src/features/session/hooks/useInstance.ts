import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigResponse, PingResponse } from '@waymark/contract';

import { fetchConfig, fetchPing } from '../api/sessionApi.ts';
import { CONFIG_QUERY_KEY, PING_QUERY_KEY } from '../session.ts';
import { tCommon } from '../../../i18n/common.ts';

/** While maintenance is on the ping is asked again this often, so its end unlocks the app by itself. */
export const MAINTENANCE_PING_INTERVAL_MS = 30_000;

export const pingQueryOptions = queryOptions({
  queryKey: PING_QUERY_KEY,
  queryFn: fetchPing,
  staleTime: 5 * 60_000,
  refetchInterval: (query) => (query.state.data?.maintenance === true ? MAINTENANCE_PING_INTERVAL_MS : false),
  retry: false,
  meta: { errorMessage: tCommon('toast.pingFailed') },
});

export const configQueryOptions = queryOptions({
  queryKey: CONFIG_QUERY_KEY,
  queryFn: fetchConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: { errorMessage: tCommon('toast.configFailed') },
});

/** GET /ping: server version and the maintenance flag. */
export function usePing(): PingResponse | undefined {
  return useQuery(pingQueryOptions).data;
}

/** GET /config: docs address and global permission settings. */
export function useConfig(): ConfigResponse | undefined {
  return useQuery(configQueryOptions).data;
}

/** True while the server reports read-only maintenance. */
export function useIsMaintenance(): boolean {
  return usePing()?.maintenance === true;
}

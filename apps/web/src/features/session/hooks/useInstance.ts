import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigResponse, PingResponse } from '@waymark/contract';
import { TOAST_TEXTS } from '@waymark/contract';
import { fetchConfig, fetchPing } from '../api/sessionApi.ts';
import { CONFIG_QUERY_KEY, PING_QUERY_KEY } from '../session.ts';

export const pingQueryOptions = queryOptions({
  queryKey: PING_QUERY_KEY,
  queryFn: fetchPing,
  staleTime: 5 * 60_000,
  retry: false,
  meta: { errorMessage: TOAST_TEXTS.pingFailed },
});

export const configQueryOptions = queryOptions({
  queryKey: CONFIG_QUERY_KEY,
  queryFn: fetchConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: { errorMessage: TOAST_TEXTS.configFailed },
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

import { useQuery } from '@tanstack/react-query';
import type { ConfigResponse, PingResponse } from '@waymark/contract';
import { TOAST_TEXTS } from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import { fetchConfig, fetchPing } from '../api/sessionApi.ts';
import { CONFIG_QUERY_KEY, PING_QUERY_KEY } from '../session.ts';

async function loadPing(): Promise<PingResponse> {
  try {
    return await fetchPing();
  } catch (error) {
    notify.error(TOAST_TEXTS.pingFailed);
    throw error;
  }
}

async function loadConfig(): Promise<ConfigResponse> {
  try {
    return await fetchConfig();
  } catch (error) {
    notify.error(TOAST_TEXTS.configFailed);
    throw error;
  }
}

export const pingQueryOptions = {
  queryKey: PING_QUERY_KEY,
  queryFn: loadPing,
  staleTime: 5 * 60_000,
  retry: false,
} as const;

export const configQueryOptions = {
  queryKey: CONFIG_QUERY_KEY,
  queryFn: loadConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

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

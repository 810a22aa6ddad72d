import { apiRoutes, ERROR_TEXTS, MAINTENANCE_TEXT } from '@waymark/contract';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createMaintenanceError, isBlockedByMaintenance, MAINTENANCE_ERROR_CODE } from './maintenance.ts';
import {
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  sleep as defaultSleep,
  isNetworkError,
  isNetworkOrIdempotentRequestError,
  withRetry,
} from './retryPolicy.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Opts one request into (true) or out of (false) the retry policy; the client default applies otherwise. */
    retry?: boolean;
    /** Internal: set on the single replay after a CSRF token refresh, so it never loops. */
    isCsrfReplay?: boolean;
  }
}

export const CSRF_HEADER = 'X-CSRF-Token';
export const CLIENT_HEADER = 'X-Client';
/** The original web client identifies itself as "vue"; the server keys some behaviour on it (SPEC §7). */
export const CLIENT_HEADER_VALUE = 'vue';
export const CSRF_REFRESH_PATH: string = apiRoutes.service.refreshCsrf.path;

export interface ApiClientOptions {
  baseURL?: string;
  /** Transport override; tests pass a stub, the browser uses XHR. */
  adapter?: AxiosAdapter;
  /** Called on every 401 answer (SPEC §7): the app clears the user and the guards take over. */
  onUnauthorized?: (error: AxiosError) => void;
  /** Called on every answer of the server, whatever its status: the server is reachable. */
  onAnswer?: () => void;
  /** Called when a request got no answer at all (server down, network gone). */
  onNetworkError?: (error: AxiosError) => void;
  /** While true, writes are refused locally with a 503 carrying the maintenance text. */
  isMaintenance?: () => boolean;
  /** Called when the server itself refused a write for maintenance: the app learns of it before its next ping. */
  onMaintenanceRefusal?: () => void;
  /** Retry every request unless it opts out; off by default (SPEC §7). */
  shouldRetryByDefault?: boolean;
  retries?: number;
  retryDelayMs?: number;
  /** Delay function between retries, injectable so the one-minute wait is testable. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ApiClient {
  http: AxiosInstance;
  getCsrfToken: () => string | undefined;
  setCsrfToken: (token: string | undefined) => void;
}

function readCsrfToken(response: AxiosResponse | undefined): string | undefined {
  if (!response) return undefined;
  const body: unknown = response.data;
  if (body && typeof body === 'object' && 'csrf' in body && typeof body.csrf === 'string') return body.csrf;
  const header: unknown = response.headers?.['x-csrf-token'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

function readDetail(response: AxiosResponse | undefined): unknown {
  const body: unknown = response?.data;
  return body && typeof body === 'object' && 'detail' in body ? body.detail : undefined;
}

/** A request's failure worth another attempt (SPEC §7); never a write refused locally for maintenance. */
function isRetryableRequestError(error: unknown): boolean {
  return (
    axios.isAxiosError(error) &&
    error.code !== MAINTENANCE_ERROR_CODE &&
    isNetworkOrIdempotentRequestError(error)
  );
}

/** Builds the axios instance that applies the client rules of SPEC §7 "Calls" and "Handling of answers". */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    onUnauthorized,
    onAnswer,
    onNetworkError,
    onMaintenanceRefusal,
    isMaintenance = () => false,
    shouldRetryByDefault = false,
    retries = DEFAULT_RETRIES,
    retryDelayMs = DEFAULT_RETRY_DELAY_MS,
    sleep = defaultSleep,
  } = options;
  let csrfToken: string | undefined;

  const http = axios.create({
    baseURL: options.baseURL ?? '',
    withCredentials: true,
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  const captureCsrfToken = (response: AxiosResponse | undefined) => {
    const token = readCsrfToken(response);
    if (token) csrfToken = token;
  };

  http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (isMaintenance() && isBlockedByMaintenance(config)) throw createMaintenanceError(config);
    if (csrfToken) config.headers.set(CSRF_HEADER, csrfToken);
    return config;
  });

  http.interceptors.response.use(
    (response) => {
      onAnswer?.();
      captureCsrfToken(response);
      return response;
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error) || !error.config) throw error;
      const { config, response } = error;
      // A locally refused write is final: retrying or logging out would not change the answer.
      if (error.code === MAINTENANCE_ERROR_CODE) throw error;
      if (response) onAnswer?.();
      else if (isNetworkError(error)) onNetworkError?.(error);
      captureCsrfToken(response);
      if (response?.status === 503 && readDetail(response) === MAINTENANCE_TEXT) onMaintenanceRefusal?.();

      if (
        response?.status === 400 &&
        readDetail(response) === ERROR_TEXTS.csrfExpired &&
        !config.isCsrfReplay
      ) {
        await http.get(CSRF_REFRESH_PATH);
        return http.request({ ...config, isCsrfReplay: true });
      }
      if (response?.status === 401) {
        onUnauthorized?.(error);
        throw error;
      }
      if (!(config.retry ?? shouldRetryByDefault)) throw error;
      // The failure seen here is attempt 0; each retry is a new request through these interceptors, retries off.
      return withRetry(
        (attemptNumber) =>
          attemptNumber === 0 ? Promise.reject(error) : http.request({ ...config, retry: false }),
        { retries, shouldRetry: isRetryableRequestError, delayMs: retryDelayMs, sleep },
      );
    },
  );

  return {
    http,
    getCsrfToken: () => csrfToken,
    setCsrfToken: (token) => {
      csrfToken = token;
    },
  };
}

import { type AxiosError, isCancel } from 'axios';

/** SPEC §7: when enabled, up to 5 retries, one minute apart. */
export const DEFAULT_RETRIES = 5;
export const DEFAULT_RETRY_DELAY_MS = 60_000;

const IDEMPOTENT_METHODS = new Set(['get', 'head', 'options', 'put', 'delete']);

/** No answer at all (connection refused, DNS, offline) — but not a timeout or a cancellation. */
export function isNetworkError(error: AxiosError): boolean {
  return !error.response && Boolean(error.code) && error.code !== 'ECONNABORTED' && !isCancel(error);
}

/** A failure a later attempt may not repeat: no answer, rate limited, or a server error. */
export function isRetryableError(error: AxiosError): boolean {
  if (error.code === 'ECONNABORTED' || isCancel(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || (status >= 500 && status <= 599);
}

/** Retrying is safe only for idempotent methods, whose repetition cannot create duplicates. */
export function isIdempotentRequestError(error: AxiosError): boolean {
  const method = (error.config?.method ?? '').toLowerCase();
  return IDEMPOTENT_METHODS.has(method) && isRetryableError(error);
}

export function isNetworkOrIdempotentRequestError(error: AxiosError): boolean {
  return isNetworkError(error) || isIdempotentRequestError(error);
}

/** Waits `ms` milliseconds; the default delay function of the client (tests inject their own). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

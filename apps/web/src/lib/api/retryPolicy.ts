import { type AxiosError, isCancel } from 'axios';

/**
 * The web app's one retry policy: the API client's retries (SPEC §7) and the upload's chunk retries both run
 * through `withRetry`; each caller says which failures are worth another attempt.
 */

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

/** Waits `ms` milliseconds; the default delay function of `withRetry` (tests inject their own). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

export interface RetryOptions {
  /** How many more attempts after the first, at the most. */
  retries: number;
  /** Whether a failure is worth another attempt; a failure it refuses is thrown at once. */
  shouldRetry: (error: unknown) => boolean;
  /** The wait before each retry; none by default. */
  delayMs?: number;
  /** The delay function, injectable so a one-minute wait is testable. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Calls `attempt` again, up to `retries` more times, while `shouldRetry` accepts the failure, waiting `delayMs`
 * before each retry; the attempt number (0 first) is passed in.
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  { retries, shouldRetry, delayMs = 0, sleep: wait = sleep }: RetryOptions,
): Promise<T> {
  for (let attemptNumber = 0; ; attemptNumber += 1) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (attemptNumber >= retries || !shouldRetry(error)) throw error;
      if (delayMs > 0) await wait(delayMs);
    }
  }
}

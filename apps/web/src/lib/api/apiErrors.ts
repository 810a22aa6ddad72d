import axios from 'axios';
import { isNetworkError } from './retryPolicy.ts';

/**
 * The request got no answer at all (server down, network gone): the app's one 'cannot reach the server' notice
 * says so, so the screens do not each raise a toast for it.
 */
export function isNoAnswerError(error: unknown): boolean {
  return axios.isAxiosError(error) && isNetworkError(error);
}

function readBody(error: unknown): unknown {
  return axios.isAxiosError(error) ? error.response?.data : undefined;
}

function readStringDetail(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    return body.detail.trim() === '' ? undefined : body.detail;
  }
  return undefined;
}

/** The server's own reason for a refusal (a non-blank `detail`), if it gave one. */
export function readErrorDetail(error: unknown): string | undefined {
  return readStringDetail(readBody(error));
}

/** SPEC §7: the message shown is response.data.detail, else the given fallback, else the error's own message. */
export function getErrorMessage(error: unknown, fallback?: string): string {
  const detail = readErrorDetail(error);
  if (detail) return detail;
  if (fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error !== '' ? error : 'Error';
}

export type FormErrorResult =
  { kind: 'message'; message: string } | { kind: 'fields'; fields: Record<string, string> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}

/**
 * SPEC §5 form-errors rule: a body with a numeric status or a detail is one message (a notification);
 * any other object body holds field errors, of which the first message per field is shown.
 */
export function resolveFormError(error: unknown, fallback: string): FormErrorResult {
  const body = readBody(error);
  if (!isRecord(body) || typeof body.status === 'number' || 'detail' in body) {
    return { kind: 'message', message: getErrorMessage(error, fallback) };
  }
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    const message = firstMessage(value);
    if (message) fields[field] = message;
  }
  if (Object.keys(fields).length === 0) return { kind: 'message', message: getErrorMessage(error, fallback) };
  return { kind: 'fields', fields };
}

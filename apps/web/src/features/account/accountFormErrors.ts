import { PASSWORD_MESSAGE_PREFIX } from '../../lib/constants.ts';
import axios from 'axios';
import { getErrorMessage } from '../../lib/api/apiErrors.ts';
import type { ServerFormError } from '../../lib/forms/serverFormErrors.ts';
import { tCommon } from '../../i18n/common.ts';

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}

/**
 * A refused account form (SPEC §5): the first message of each of `fields` goes under it; without any, one
 * message for the form (the `detail`, else `fallback`). A message on the new password starting with
 * 'Password' becomes the full rule text.
 */
export function resolveAccountFormError(
  error: unknown,
  fields: readonly string[],
  fallback: string,
): ServerFormError {
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const found: Partial<Record<string, string>> = {};
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const field of fields) {
      const message = firstMessage((body as Record<string, unknown>)[field]);
      if (message) found[field] = message;
    }
  }
  if (found.password?.startsWith(PASSWORD_MESSAGE_PREFIX)) found.password = tCommon('passwordRule');
  if (Object.keys(found).length > 0) return { kind: 'fields', fields: found };
  return { kind: 'message', message: getErrorMessage(error, fallback) };
}

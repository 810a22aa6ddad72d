import { PASSWORD_MESSAGE_PREFIX } from '../../lib/constants.ts';
import axios from 'axios';
import { getErrorMessage } from '../../lib/api/apiErrors.ts';
import { tAccount } from '../../i18n/account.ts';
import { tCommon } from '../../i18n/common.ts';

export type ChangePasswordField = 'password' | 'confirm';
export type ChangePasswordFieldErrors = Partial<Record<ChangePasswordField, string>>;

export type ChangePasswordErrorResult =
  { kind: 'fields'; fields: ChangePasswordFieldErrors } | { kind: 'message'; message: string };

const FIELDS: ChangePasswordField[] = ['password', 'confirm'];

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}

/**
 * The server answers 400 with a `detail` and, for field problems, the fields' messages too, so unlike
 * the generic form rule the field messages win over the detail here. A server message on the new
 * password starting with 'Password' becomes the full rule text (SPEC §5).
 */
export function resolveChangePasswordError(error: unknown): ChangePasswordErrorResult {
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const fields: ChangePasswordFieldErrors = {};
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const field of FIELDS) {
      const message = firstMessage((body as Record<string, unknown>)[field]);
      if (message) fields[field] = message;
    }
  }
  if (fields.password?.startsWith(PASSWORD_MESSAGE_PREFIX)) fields.password = tCommon('passwordRule');
  if (fields.password || fields.confirm) return { kind: 'fields', fields };
  return { kind: 'message', message: getErrorMessage(error, tAccount('changePassword.failed')) };
}

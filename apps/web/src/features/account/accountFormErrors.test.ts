import { PASSWORD_API_TEXTS } from '@waymark/contract';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { resolveAccountFormError } from './accountFormErrors.ts';
import { tAccount } from '../../i18n/account.ts';
import { tCommon } from '../../i18n/common.ts';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    'failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      data,
      headers: new AxiosHeaders(),
      config,
    },
  );
}

const FIELDS = ['old_password', 'password', 'confirm'];

describe('resolveAccountFormError', () => {
  it('puts the first message of each field under it', () => {
    const error = httpError(400, {
      detail: 'The old password is incorrect',
      old_password: ['The old password is incorrect', 'second'],
    });
    expect(resolveAccountFormError(error, FIELDS, tAccount('profile.passwordFailed'))).toEqual({
      kind: 'fields',
      fields: { old_password: 'The old password is incorrect' },
    });
  });

  it("replaces a new-password message starting with 'Password' by the SPEC §5 sentence", () => {
    const error = httpError(400, { detail: 'Password too weak', password: ['Password too weak'] });
    expect(resolveAccountFormError(error, FIELDS, tAccount('profile.passwordFailed'))).toEqual({
      kind: 'fields',
      fields: { password: tCommon('passwordRule') },
    });
  });

  it("shows the SPEC §5 sentence for both of the API's password problems, sent as problems", () => {
    for (const text of Object.values(PASSWORD_API_TEXTS)) {
      const problem = {
        detail: text,
        password: [text],
        status: 400,
        title: 'Bad Request',
        type: 'about:blank',
      };
      expect(
        resolveAccountFormError(httpError(400, problem), FIELDS, tAccount('profile.passwordFailed')),
      ).toEqual({
        kind: 'fields',
        fields: { password: tCommon('passwordRule') },
      });
    }
  });

  it('shows the detail, or the fallback, for the whole form when no field is named', () => {
    expect(resolveAccountFormError(httpError(429, { detail: 'Slow down' }), FIELDS, 'x')).toEqual({
      kind: 'message',
      message: 'Slow down',
    });
    expect(
      resolveAccountFormError(httpError(500, 'oops'), FIELDS, tAccount('profile.passwordFailed')),
    ).toEqual({
      kind: 'message',
      message: 'Failed to change password',
    });
  });
});

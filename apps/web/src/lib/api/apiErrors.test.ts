import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { getErrorMessage, resolveFormError } from './apiErrors.ts';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    `Request failed with status code ${status}`,
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

describe('getErrorMessage', () => {
  it('prefers the detail of the answer', () => {
    expect(
      getErrorMessage(httpError(401, { detail: 'Invalid username or password' }), 'Failed to login'),
    ).toBe('Invalid username or password');
  });

  it('falls back to the given text when there is no detail', () => {
    expect(getErrorMessage(httpError(500, 'oops'), 'Failed to login')).toBe('Failed to login');
    expect(
      getErrorMessage(httpError(422, { detail: { corrupted_files: [] } }), 'Failed to push changes'),
    ).toBe('Failed to push changes');
  });

  it("falls back to the error's own message without a fallback", () => {
    expect(getErrorMessage(httpError(500, {}))).toBe('Request failed with status code 500');
    expect(getErrorMessage(new Error('boom'))).toBe('boom');
  });
});

describe('resolveFormError', () => {
  it('reads a body with a detail as one message', () => {
    expect(
      resolveFormError(httpError(401, { detail: 'Invalid username or password' }), 'Failed to login'),
    ).toEqual({
      kind: 'message',
      message: 'Invalid username or password',
    });
  });

  it('reads a body with a numeric status as one message, falling back when the detail is missing', () => {
    expect(
      resolveFormError(httpError(400, { status: 400, title: 'Bad Request' }), 'Failed to login'),
    ).toEqual({
      kind: 'message',
      message: 'Failed to login',
    });
  });

  it('reads any other object as field errors, keeping the first message of each field', () => {
    const error = httpError(400, { login: ['Too short', 'Second'], password: ['Required'] });
    expect(resolveFormError(error, 'Failed to login')).toEqual({
      kind: 'fields',
      fields: { login: 'Too short', password: 'Required' },
    });
  });

  it('uses the fallback for failures without a readable body', () => {
    expect(resolveFormError(new AxiosError('Network Error', 'ERR_NETWORK'), 'Failed to login')).toEqual({
      kind: 'message',
      message: 'Failed to login',
    });
  });
});

import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  createUserRequestOf,
  lastPageOf,
  quotaFromBytes,
  quotaToBytes,
  resolveWorkspaceFormError,
  storagePercent,
  storageTone,
  userActionState,
} from './adminRules.ts';

const GIB = 1024 ** 3;

function refusal(status: number, data: unknown): AxiosError {
  const response = { status, data, headers: new AxiosHeaders(), statusText: '', config: {} } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

describe('storage quotas', () => {
  it('turns a typed quota into whole bytes, with a comma or a point before decimals', () => {
    expect(quotaToBytes('2', 'GB')).toBe(2 * GIB);
    expect(quotaToBytes('1,5', 'TB')).toBe(1.5 * 1024 * GIB);
    expect(quotaToBytes(' 0.5 ', 'MB')).toBe(512 * 1024);
  });

  it('shows a quota in the largest unit that keeps it exact to two decimals', () => {
    expect(quotaFromBytes(5 * GIB)).toEqual({ value: 5, unit: 'GB' });
    expect(quotaFromBytes(1.5 * 1024 * GIB)).toEqual({ value: 1.5, unit: 'TB' });
    expect(quotaFromBytes(300 * 1024 ** 2)).toEqual({ value: 300, unit: 'MB' });
    // 5,000,000,000 bytes is no round number of GB: 4768.37 MB, which saves back within a byte or so.
    expect(quotaFromBytes(5_000_000_000)).toEqual({ value: 4768.37, unit: 'MB' });
    expect(quotaFromBytes(0)).toEqual({ value: 0, unit: 'MB' });
  });

  it('fills the bar by the share used, full beyond the quota or without one', () => {
    expect(storagePercent(0, 0)).toBe(0);
    expect(storagePercent(GIB / 4, GIB)).toBe(25);
    expect(storagePercent(3 * GIB, GIB)).toBe(100);
    expect(storagePercent(1, 0)).toBe(100);
    expect([storageTone(50), storageTone(95), storageTone(100)]).toEqual(['ok', 'warn', 'full']);
  });
});

describe('paging', () => {
  it('knows the last page, at least the first', () => {
    expect(lastPageOf(0, 25)).toBe(1);
    expect(lastPageOf(25, 25)).toBe(1);
    expect(lastPageOf(26, 25)).toBe(2);
  });
});

describe('user actions', () => {
  it('offers no superuser, deactivation or deletion change of oneself', () => {
    expect(userActionState({ id: 1, active: true }, 1)).toEqual({
      canToggleSuperuser: false,
      canToggleActive: false,
      canSendReset: true,
      canDelete: false,
    });
    expect(userActionState({ id: 2, active: true }, 1)).toEqual({
      canToggleSuperuser: true,
      canToggleActive: true,
      canSendReset: true,
      canDelete: true,
    });
  });

  it('mails no password reset to a deactivated account', () => {
    expect(userActionState({ id: 2, active: false }, 1).canSendReset).toBe(false);
  });
});

describe('create user request', () => {
  const base = { username: '', email: 'ada@example.com', password: 'Secret-pass1', confirm: 'Secret-pass1' };

  it('sends the password only when one is set, and no empty username', () => {
    expect(createUserRequestOf({ ...base, mode: 'password' })).toEqual({
      email: 'ada@example.com',
      password: 'Secret-pass1',
      confirm: 'Secret-pass1',
    });
    expect(createUserRequestOf({ ...base, username: 'ada', mode: 'invite' })).toEqual({
      username: 'ada',
      email: 'ada@example.com',
    });
  });
});

describe('workspace form errors', () => {
  it('puts field errors under the name or the quota', () => {
    expect(
      resolveWorkspaceFormError(refusal(400, { storage: ['Too big'], detail: 'x' }), 'fallback'),
    ).toEqual({
      kind: 'fields',
      fields: { quota: 'Too big' },
    });
  });

  it('reads the field a validation answer names at its end', () => {
    expect(
      resolveWorkspaceFormError(
        refusal(400, { detail: 'Workspace name contains invalid characters(name)' }),
        'f',
      ),
    ).toEqual({ kind: 'fields', fields: { name: 'Workspace name contains invalid characters' } });
    expect(
      resolveWorkspaceFormError(refusal(400, { detail: 'Storage cannot be negative.(storage)' }), 'f'),
    ).toEqual({ kind: 'fields', fields: { quota: 'Storage cannot be negative.' } });
  });

  it('shows a duplicate name under the name, and a failure without a reason as one message', () => {
    expect(
      resolveWorkspaceFormError(refusal(409, { detail: 'Workspace with this name already exists' }), 'f'),
    ).toEqual({ kind: 'fields', fields: { name: 'Workspace with this name already exists' } });
    expect(resolveWorkspaceFormError(refusal(500, {}), 'Failed')).toEqual({
      kind: 'message',
      message: 'Failed',
    });
  });
});

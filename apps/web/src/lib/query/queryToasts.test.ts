import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../notifications.ts';
import { toastMutationError, toastMutationSuccess, toastQueryError } from './queryToasts.ts';

function refusal(data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, undefined, {
    status: 400,
    statusText: 'Bad Request',
    data,
    headers: {},
    config,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('query and mutation toasts', () => {
  it("stay quiet when the server gave no answer at all: the 'cannot reach the server' notice speaks", async () => {
    const error = vi.spyOn(notify, 'error');
    const noAnswer = new AxiosError('Network Error', AxiosError.ERR_NETWORK, { headers: new AxiosHeaders() });
    toastQueryError(noAnswer, {
      meta: { errorMessage: 'Failed to load projects' },
      state: { data: undefined },
    });
    await toastMutationError(noAnswer, { meta: { errorMessage: 'Failed to create project.' } });
    expect(error).not.toHaveBeenCalled();
  });

  it("toast a failed query's own SPEC §8 text, whatever the server said", () => {
    const error = vi.spyOn(notify, 'error');
    toastQueryError(refusal({ detail: 'boom' }), {
      meta: { errorMessage: 'Failed to load projects' },
      state: { data: undefined },
    });
    toastQueryError(refusal({}), { meta: undefined, state: { data: undefined } });
    expect(error.mock.calls).toEqual([['Failed to load projects']]);
  });

  it('stay quiet when a query that asked for it only failed to refresh data it already has', () => {
    const error = vi.spyOn(notify, 'error');
    const meta = { errorMessage: 'Failed to load workspaces', isQuietOnRefresh: true };
    toastQueryError(refusal({}), { meta, state: { data: [{ id: 1 }] } });
    expect(error).not.toHaveBeenCalled();
    toastQueryError(refusal({}), { meta, state: { data: undefined } });
    toastQueryError(refusal({}), { meta: { errorMessage: 'Failed to load projects' }, state: { data: [] } });
    expect(error.mock.calls).toEqual([['Failed to load workspaces'], ['Failed to load projects']]);
  });

  it("toast a failed mutation's server detail, else its text, and stay silent without one", async () => {
    const error = vi.spyOn(notify, 'error');
    await toastMutationError(refusal({ detail: 'Name taken' }), { meta: { errorMessage: 'Failed' } });
    await toastMutationError(refusal({}), { meta: { errorMessage: 'Failed' } });
    await toastMutationError(refusal({ detail: 'Name taken' }), { meta: undefined });
    expect(error.mock.calls).toEqual([['Name taken'], ['Failed']]);
  });

  it('let a mutation read its own toast, or none', async () => {
    const error = vi.spyOn(notify, 'error');
    await toastMutationError(refusal({}), { meta: { readErrorMessage: () => Promise.resolve('Read') } });
    await toastMutationError(refusal({}), { meta: { readErrorMessage: () => undefined } });
    expect(error.mock.calls).toEqual([['Read']]);
  });

  it('toast a success message when the mutation has one', () => {
    const success = vi.spyOn(notify, 'success');
    toastMutationSuccess({ meta: { successMessage: 'Access has been requested' } });
    toastMutationSuccess({ meta: {} });
    expect(success.mock.calls).toEqual([['Access has been requested']]);
  });
});

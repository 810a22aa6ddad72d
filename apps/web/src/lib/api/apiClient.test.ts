import { ERROR_TEXTS, MAINTENANCE_TEXT } from '@waymark/contract';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createStubAdapter } from '../../test/stubAdapter.ts';
import { createApiClient } from './apiClient.ts';
import { MAINTENANCE_ERROR_CODE } from './maintenance.ts';

describe('createApiClient', () => {
  it('sends credentials and identifies itself as the vue client', async () => {
    const { adapter, requests } = createStubAdapter({ 'GET /ping': { data: {} } });
    const { http } = createApiClient({ adapter });
    await http.get('/ping');
    expect(http.defaults.withCredentials).toBe(true);
    expect(requests[0]?.headers.get('X-Client')).toBe('vue');
  });

  it('captures the CSRF token from the x-csrf-token header and sends it afterwards', async () => {
    const { adapter, requests } = createStubAdapter({
      'GET /app/init': {
        data: { authenticated: false, superuser: false },
        headers: { 'x-csrf-token': 'from-header' },
      },
      'POST /app/auth/login': { data: {} },
    });
    const client = createApiClient({ adapter });
    await client.http.get('/app/init');
    await client.http.post('/app/auth/login', { login: 'a', password: 'b' });
    expect(client.getCsrfToken()).toBe('from-header');
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBeFalsy();
    expect(requests[1]?.headers.get('X-CSRF-Token')).toBe('from-header');
  });

  it('captures the CSRF token from a csrf field of the body', async () => {
    const { adapter, requests } = createStubAdapter({
      'GET /app/auth/refresh/csrf': { data: { csrf: 'from-body' } },
      'GET /v1/workspaces': { data: [] },
    });
    const client = createApiClient({ adapter });
    await client.http.get('/app/auth/refresh/csrf');
    await client.http.get('/v1/workspaces');
    expect(requests[1]?.headers.get('X-CSRF-Token')).toBe('from-body');
  });

  it('refreshes an expired CSRF token and replays the request once with the new token', async () => {
    const { adapter, requests } = createStubAdapter({
      'POST /v1/project/ws': [
        { status: 400, data: { detail: ERROR_TEXTS.csrfExpired } },
        { data: { ok: true } },
      ],
      'GET /app/auth/refresh/csrf': { data: { csrf: 'fresh' } },
    });
    const client = createApiClient({ adapter });
    client.setCsrfToken('stale');
    const response = await client.http.post('/v1/project/ws', { name: 'survey', public: false });
    expect(response.data).toEqual({ ok: true });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/project/ws',
      'GET /app/auth/refresh/csrf',
      'POST /v1/project/ws',
    ]);
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('stale');
    expect(requests[2]?.headers.get('X-CSRF-Token')).toBe('fresh');
    expect(requests[2]?.data).toEqual({ name: 'survey', public: false });
  });

  it('replays after a CSRF refresh only once', async () => {
    const { adapter, requests } = createStubAdapter({
      'POST /v1/project/ws': { status: 400, data: { detail: ERROR_TEXTS.csrfExpired } },
      'GET /app/auth/refresh/csrf': { data: { csrf: 'fresh' } },
    });
    const { http } = createApiClient({ adapter });
    await expect(http.post('/v1/project/ws', {})).rejects.toBeInstanceOf(AxiosError);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('does not treat other 400 answers as an expired token', async () => {
    const { adapter, requests } = createStubAdapter({
      'POST /v1/project/ws': { status: 400, data: { detail: 'Project name is invalid' } },
    });
    const { http } = createApiClient({ adapter });
    await expect(http.post('/v1/project/ws', {})).rejects.toMatchObject({ response: { status: 400 } });
    expect(requests).toHaveLength(1);
  });

  it('calls the logout callback on 401 and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const { adapter } = createStubAdapter({
      'GET /v1/user/profile': { status: 401, data: { detail: ERROR_TEXTS.authRequired } },
    });
    const { http } = createApiClient({ adapter, onUnauthorized });
    await expect(http.get('/v1/user/profile')).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the logout callback for other failures', async () => {
    const onUnauthorized = vi.fn();
    const { adapter } = createStubAdapter({
      'GET /v1/user/profile': { status: 403, data: { detail: 'no' } },
    });
    const { http } = createApiClient({ adapter, onUnauthorized });
    await expect(http.get('/v1/user/profile')).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  describe('read-only maintenance', () => {
    it('refuses writes locally with a 503 carrying the maintenance text', async () => {
      const { adapter, requests } = createStubAdapter({ 'POST /v1/project/ws': { data: {} } });
      const { http } = createApiClient({ adapter, isMaintenance: () => true });
      const error: unknown = await http.post('/v1/project/ws', {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AxiosError);
      expect(error).toMatchObject({
        code: MAINTENANCE_ERROR_CODE,
        response: { status: 503, data: { detail: MAINTENANCE_TEXT } },
      });
      expect(requests).toHaveLength(0);
    });

    it.each(['put', 'patch', 'delete'] as const)('refuses %s requests too', async (method) => {
      const { adapter, requests } = createStubAdapter({});
      const { http } = createApiClient({ adapter, isMaintenance: () => true });
      await expect(http.request({ method, url: '/v2/projects/1' })).rejects.toMatchObject({
        response: { status: 503 },
      });
      expect(requests).toHaveLength(0);
    });

    it('lets reads through', async () => {
      const { adapter, requests } = createStubAdapter({ 'GET /v1/workspaces': { data: [] } });
      const { http } = createApiClient({ adapter, isMaintenance: () => true });
      await http.get('/v1/workspaces');
      expect(requests).toHaveLength(1);
    });

    it.each([
      ['POST', '/app/auth/login'],
      ['POST', '/app/auth/logout'],
      ['POST', '/v1/auth/login'],
      ['POST', '/v1/project/by_names'],
      ['PUT', '/app/admin/maintenance'],
    ])('lets the allow-listed write %s %s through', async (method, url) => {
      const { adapter, requests } = createStubAdapter({ [`${method} ${url}`]: { data: {} } });
      const { http } = createApiClient({ adapter, isMaintenance: () => true });
      await http.request({ method, url, data: {} });
      expect(requests).toHaveLength(1);
    });

    it('sends writes again once maintenance is over', async () => {
      let isMaintenance = true;
      const { adapter, requests } = createStubAdapter({ 'POST /v1/project/ws': { data: {} } });
      const { http } = createApiClient({ adapter, isMaintenance: () => isMaintenance });
      await expect(http.post('/v1/project/ws', {})).rejects.toBeInstanceOf(AxiosError);
      isMaintenance = false;
      await http.post('/v1/project/ws', {});
      expect(requests).toHaveLength(1);
    });
  });

  describe('retries', () => {
    it('are off by default', async () => {
      const sleep = vi.fn(() => Promise.resolve());
      const { adapter, requests } = createStubAdapter({ 'GET /v1/workspaces': { isNetworkError: true } });
      const { http } = createApiClient({ adapter, sleep });
      await expect(http.get('/v1/workspaces')).rejects.toBeInstanceOf(AxiosError);
      expect(requests).toHaveLength(1);
      expect(sleep).not.toHaveBeenCalled();
    });

    it('retry network errors 5 times, 60 s apart, when enabled for a request', async () => {
      const sleep = vi.fn(() => Promise.resolve());
      const { adapter, requests } = createStubAdapter({
        'POST /v1/project/push/chunk/t/c': { isNetworkError: true },
      });
      const { http } = createApiClient({ adapter, sleep });
      await expect(http.post('/v1/project/push/chunk/t/c', 'bytes', { retry: true })).rejects.toMatchObject({
        code: AxiosError.ERR_NETWORK,
      });
      expect(requests).toHaveLength(6);
      expect(sleep).toHaveBeenCalledTimes(5);
      expect(sleep).toHaveBeenCalledWith(60_000);
    });

    it('retry idempotent requests on server errors and stop at the first success', async () => {
      const sleep = vi.fn(() => Promise.resolve());
      const { adapter, requests } = createStubAdapter({
        'GET /v1/workspaces': [{ status: 503 }, { status: 502 }, { data: [{ id: 1 }] }],
      });
      const { http } = createApiClient({ adapter, sleep, shouldRetryByDefault: true });
      const response = await http.get('/v1/workspaces');
      expect(response.data).toEqual([{ id: 1 }]);
      expect(requests).toHaveLength(3);
    });

    it('do not retry a non-idempotent request that got an answer', async () => {
      const sleep = vi.fn(() => Promise.resolve());
      const { adapter, requests } = createStubAdapter({ 'POST /v1/project/ws': { status: 500 } });
      const { http } = createApiClient({ adapter, sleep, shouldRetryByDefault: true });
      await expect(http.post('/v1/project/ws', {})).rejects.toBeInstanceOf(AxiosError);
      expect(requests).toHaveLength(1);
    });

    it('do not retry client errors', async () => {
      const sleep = vi.fn(() => Promise.resolve());
      const { adapter, requests } = createStubAdapter({ 'GET /v1/workspace/9': { status: 404 } });
      const { http } = createApiClient({ adapter, sleep, shouldRetryByDefault: true });
      await expect(http.get('/v1/workspace/9')).rejects.toBeInstanceOf(AxiosError);
      expect(requests).toHaveLength(1);
    });
  });
});

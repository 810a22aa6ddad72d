import { afterEach, describe, expect, it } from 'vitest';
import { createStubAdapter } from '../../test/stubAdapter.ts';
import { api } from './api.ts';
import { http } from './http.ts';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('the typed client (api)', () => {
  it('puts path parameters in place encoded, the query as params, and returns the answer body', async () => {
    const { adapter, requests } = createStubAdapter({
      'GET /v1/resource/history/my%20team/a%2Fb': { data: { history: {} } },
    });
    http.defaults.adapter = adapter;
    const answer = await api.files.history({
      params: { namespace: 'my team', name: 'a/b' },
      query: { path: 'x.gpkg' },
    });
    expect(answer).toEqual({ history: {} });
    expect(requests[0]).toMatchObject({ method: 'GET', params: { path: 'x.gpkg' } });
  });

  it('sends the body with the method of the table, the first where the route has several', async () => {
    const { adapter, requests } = createStubAdapter({
      'POST /app/auth/login': { data: {} },
      'POST /app/auth/logout': { data: {} },
    });
    http.defaults.adapter = adapter;
    await api.auth.login({ body: { login: 'ada', password: 'secret' } });
    await api.auth.logout();
    expect(requests.map(({ method, url, data }) => ({ method, url, data }))).toEqual([
      { method: 'POST', url: '/app/auth/login', data: { login: 'ada', password: 'secret' } },
      { method: 'POST', url: '/app/auth/logout', data: undefined },
    ]);
  });
});

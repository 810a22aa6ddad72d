import type { MatrixRow } from './authorization-matrix.rows.ts';

/**
 * Rows of the routes issue 23 added (the reference's project calls by id and by workspace, the deprecated user
 * call, the latest version, the workspace API). Same columns as authorization-matrix.rows.ts:
 *
 *   anonymous, stranger, reader, editor, writer, owner, wsAdmin, wsGuest, superuser
 */
export const ISSUE_23_ROWS: MatrixRow[] = [
  {
    route: 'DELETE /v1/project/{namespace}/{name}',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) => client.request('DELETE', `/v1/project/${target.namespace}/${target.name}`),
  },
  {
    route: 'DELETE /v2/projects/{id}',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 204, 204, 403, 204],
      public: [401, 403, 403, 403, 403, 204, 204, 403, 204],
    },
    call: ({ client, target }) => client.request('DELETE', `/v2/projects/${target.id}`),
  },
  {
    route: 'PATCH /v2/projects/{id}',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 204, 204, 403, 204],
      public: [401, 403, 403, 403, 403, 204, 204, 403, 204],
    },
    call: ({ client, target, unique }) =>
      client.request('PATCH', `/v2/projects/${target.id}`, { name: `renamed-${unique}` }),
  },
  {
    route: 'POST /v2/projects/batch',
    target: 'shared',
    expect: {
      private: [200, 200, 200, 200, 200, 200, 200, 200, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.post('/v2/projects/batch', { ids: [target.id] }),
  },
  {
    route: 'GET /v1/project/by_uuids',
    target: 'shared',
    expect: {
      private: [200, 200, 200, 200, 200, 200, 200, 200, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v1/project/by_uuids?uuids=${target.id}`),
  },
  {
    // Project roles alone make no workspace member: the list is for its members (guests see what is shared).
    route: 'GET /v2/workspaces/{workspace_id}/projects',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 200, 200, 200] },
    call: ({ client, world }) =>
      client.get(`/v2/workspaces/${world.workspaceId}/projects?page=1&per_page=50`),
  },
  {
    route: 'GET /v1/user/{username}',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/v1/user/anyone'),
  },
  {
    route: 'GET /v1/latest-version',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/v1/latest-version'),
  },
];

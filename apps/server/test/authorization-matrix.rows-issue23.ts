import { randomUUID } from 'node:crypto';
import { usernameOf } from './authorization-matrix.arrange.ts';
import type { CallContext, MatrixRow } from './authorization-matrix.rows.ts';

/** An invitation to the matrix's workspace, written below the services, for an address nobody has. */
async function invitationFor({ world, unique }: CallContext, email = `nobody-${unique}@example.com`) {
  const invitation = await world.server.repos.invitations.put({
    id: randomUUID(),
    workspaceId: world.workspaceId,
    email,
    role: 'guest',
    invitedBy: world.idOf('p-wsadmin'),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return invitation.id;
}

/** A user of the call's own, a reader of the matrix's workspace. */
async function memberOfItsOwn({ world, unique }: CallContext): Promise<number> {
  const user = await world.server.createUser({ username: `wm-${unique}` });
  await world.server.repos.workspaces.upsertMember(world.workspaceId, user.id, 'reader');
  return user.id;
}

/** Workspace admins and superusers: the members API's columns. */
const MANAGERS_ONLY = (ok: number) => [401, 403, 403, 403, 403, 403, ok, 403, ok] as const;

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
  {
    route: 'GET /v2/workspaces/{id}/members',
    target: 'none',
    expect: { any: MANAGERS_ONLY(200) },
    call: ({ client, world }) => client.get(`/v2/workspaces/${world.workspaceId}/members`),
  },
  {
    route: 'GET /v2/workspaces/{id}/members/{user_id}',
    target: 'none',
    expect: { any: MANAGERS_ONLY(200) },
    call: ({ client, world }) =>
      client.get(`/v2/workspaces/${world.workspaceId}/members/${world.idOf('p-wsguest')}`),
  },
  {
    route: 'PATCH /v2/workspaces/{id}/members/{user_id}',
    variant: 'a member of its own',
    target: 'none',
    expect: { any: MANAGERS_ONLY(200) },
    call: async (ctx) =>
      ctx.client.request(
        'PATCH',
        `/v2/workspaces/${ctx.world.workspaceId}/members/${await memberOfItsOwn(ctx)}`,
        {
          workspace_role: 'writer',
        },
      ),
  },
  {
    route: 'DELETE /v2/workspaces/{id}/members/{user_id}',
    variant: 'a member of its own',
    target: 'none',
    expect: { any: MANAGERS_ONLY(204) },
    call: async (ctx) =>
      ctx.client.request(
        'DELETE',
        `/v2/workspaces/${ctx.world.workspaceId}/members/${await memberOfItsOwn(ctx)}`,
      ),
  },
  {
    route: 'POST /v2/workspaces/{id}/invitations',
    target: 'none',
    expect: { any: MANAGERS_ONLY(201) },
    call: ({ client, world, unique }) =>
      client.post(`/v2/workspaces/${world.workspaceId}/invitations`, {
        email: `invited-${unique}@example.com`,
        role: 'reader',
      }),
  },
  {
    // Others than its address's account and the workspace's managers learn nothing of an invitation.
    route: 'GET /v1/workspace/invitation/{id}',
    target: 'none',
    expect: { any: [401, 404, 404, 404, 404, 404, 200, 404, 200] },
    call: async (ctx) => ctx.client.get(`/v1/workspace/invitation/${await invitationFor(ctx)}`),
  },
  {
    route: 'DELETE /v1/workspace/invitation/{id}',
    target: 'none',
    expect: { any: [401, 404, 404, 404, 404, 404, 204, 404, 204] },
    call: async (ctx) => ctx.client.request('DELETE', `/v1/workspace/invitation/${await invitationFor(ctx)}`),
  },
  {
    // Each persona accepts an invitation to its own address, into a workspace of the call's own.
    route: 'POST /v1/workspace/invitation/{id}/accept',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: async (ctx) => {
      const workspace = await ctx.world.server.context.workspaces.create({ name: `inv-${ctx.unique}` });
      const email = ctx.persona === 'anonymous' ? undefined : `${usernameOf(ctx.persona)}@example.com`;
      const invitation = await ctx.world.server.repos.invitations.put({
        id: randomUUID(),
        workspaceId: workspace.id,
        email: email ?? `nobody-${ctx.unique}@example.com`,
        role: 'reader',
        invitedBy: ctx.world.idOf('p-wsadmin'),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return ctx.client.post(`/v1/workspace/invitation/${invitation.id}/accept`);
    },
  },
  {
    route: 'POST /v2/diagnostic-logs',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) =>
      client.request('POST', '/v2/diagnostic-logs?app=matrix', 'a log line', {
        'content-type': 'text/plain',
      }),
  },
  {
    route: 'GET /app/admin/diagnostic-logs',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/diagnostic-logs'),
  },
  {
    // No such log: the superuser gets past the permission to the 404.
    route: 'GET /app/admin/diagnostic-logs/{name}',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 404] },
    call: ({ client }) => client.get('/app/admin/diagnostic-logs/none.log'),
  },
  {
    route: 'GET /app/admin/report',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/report?date_from=2021-01-01&date_to=2021-01-31'),
  },
  {
    // Who may download the project may ask for its zip (a project of each call's own: the first ask is 201).
    route: 'POST /app/projects/{id}/download',
    target: 'fresh',
    expect: {
      private: [403, 403, 201, 201, 201, 201, 201, 403, 201],
      public: [201, 201, 201, 201, 201, 201, 201, 201, 201],
    },
    call: ({ client, target }) => client.post(`/app/projects/${target.id}/download`),
  },
  {
    // Nobody asked for a zip of v0: the reference's 202 to those who may download it.
    route: 'GET /app/projects/{id}/download',
    target: 'shared',
    expect: {
      private: [403, 403, 202, 202, 202, 202, 202, 403, 202],
      public: [202, 202, 202, 202, 202, 202, 202, 202, 202],
    },
    call: ({ client, target }) => client.get(`/app/projects/${target.id}/download?version=v0`),
  },
];

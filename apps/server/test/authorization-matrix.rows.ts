import type { HttpClient, HttpResponse } from './http-client.ts';
import type { FreshOptions, Persona, Target, World } from './authorization-matrix.arrange.ts';
import { ISSUE_23_ROWS } from './authorization-matrix.rows-issue23.ts';
import { ISSUE_29_ROWS } from './authorization-matrix.rows-issue29.ts';
import { WEBHOOK_ROWS } from './authorization-matrix.rows-webhooks.ts';
import { MATRIX_DIFF_ID, usernameOf, WORKSPACE } from './authorization-matrix.arrange.ts';

/**
 * The authorization matrix: every API call × persona × project visibility → the status SPEC §6, reference §4 and
 * issue 11 give. Statuses are written out, never computed by the code under test. Column order:
 *
 *   anonymous, stranger, reader, editor, writer, owner, wsAdmin, wsGuest, superuser
 *
 * reader … owner hold that project role (no workspace role); wsAdmin and wsGuest are members of the project's
 * workspace with that role and no project role; the stranger is signed in with no relation to it.
 */
export type Statuses = readonly [number, number, number, number, number, number, number, number, number];

export type CallContext = {
  persona: Persona;
  client: HttpClient;
  world: World;
  target: Target;
  /** Unique per call: for names the call creates. */
  unique: string;
};

export type MatrixRow = {
  /** `METHOD path` as the API documentation names the route. */
  route: string;
  variant?: string;
  /**
   * none: no project; shared: the arranged private and public projects (calls that change nothing); removed: the
   * same, scheduled for deletion; fresh: a project of its own per persona and visibility.
   */
  target: 'none' | 'shared' | 'removed' | 'fresh';
  fresh?: FreshOptions;
  expect: { any: Statuses } | { private: Statuses; public: Statuses };
  call(ctx: CallContext): Promise<HttpResponse>;
};

const path = ({ target }: CallContext) => `${target.namespace}/${target.name}`;
const file = ({ target }: CallContext, kind: 'layer.gpkg' | 'notes.txt') =>
  `${target.visibility === 'private' ? 'hush' : 'open'}-${kind}`;
const own = (ctx: CallContext) => (ctx.persona === 'anonymous' ? WORKSPACE : usernameOf(ctx.persona));
const pushBody = (name: string) => ({
  version: 'v0',
  changes: {
    added: [
      { path: name, checksum: 'a'.repeat(40), size: 4, chunks: ['6f1ae2d4-0d1c-4d8b-9d9e-2d5c1b7c9a01'] },
    ],
    updated: [],
    removed: [],
  },
});

export const MATRIX: MatrixRow[] = [
  // Service and sign-in calls: the same for everyone.
  {
    route: 'GET /ping',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/ping'),
  },
  {
    route: 'POST /alive',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.post('/alive', {}),
  },
  {
    // Without METRICS_TOKEN, a client on the server's machine (as every test client); see metrics.test.ts.
    route: 'GET /metrics',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/metrics'),
  },
  {
    route: 'GET /config',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/config'),
  },
  {
    route: 'GET /app/init',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/app/init'),
  },
  {
    route: 'GET /app/auth/refresh/csrf',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/app/auth/refresh/csrf'),
  },
  {
    route: 'POST /app/auth/login',
    variant: 'wrong password',
    target: 'none',
    expect: { any: [401, 401, 401, 401, 401, 401, 401, 401, 401] },
    call: ({ client, unique }) =>
      client.post('/app/auth/login', { login: `nobody-${unique}`, password: 'x' }),
  },
  {
    route: 'GET /app/auth/logout',
    variant: 'a session of its own',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: async ({ world, persona }) => (await world.signIn(persona)).get('/app/auth/logout'),
  },
  {
    route: 'POST /app/auth/logout',
    variant: 'a session of its own',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: async ({ world, persona }) => (await world.signIn(persona)).post('/app/auth/logout'),
  },
  {
    route: 'POST /app/auth/reset-password',
    variant: 'unknown address',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.post('/app/auth/reset-password', { email: 'nobody@example.com' }),
  },
  {
    route: 'GET /app/auth/reset-password/{token}',
    variant: 'invalid token',
    target: 'none',
    expect: { any: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
    call: ({ client }) => client.get('/app/auth/reset-password/not-a-token'),
  },
  {
    route: 'POST /app/auth/reset-password/{token}',
    variant: 'invalid token',
    target: 'none',
    expect: { any: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
    call: ({ client }) =>
      client.post('/app/auth/reset-password/not-a-token', {
        password: 'N3w-password',
        confirm: 'N3w-password',
      }),
  },
  {
    route: 'POST /v1/auth/login',
    variant: 'wrong password',
    target: 'none',
    expect: { any: [401, 401, 401, 401, 401, 401, 401, 401, 401] },
    call: ({ client, unique }) => client.post('/v1/auth/login', { login: `nobody-${unique}`, password: 'x' }),
  },
  {
    route: 'GET /v1/user/profile',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/v1/user/profile'),
  },
  // One's own account: everyone signed in, for themselves only.
  {
    route: 'POST /app/auth/user/profile',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client, unique }) => client.post('/app/auth/user/profile', { first_name: `First ${unique}` }),
  },
  {
    route: 'POST /app/auth/change-password',
    variant: 'wrong old password',
    target: 'none',
    expect: { any: [401, 400, 400, 400, 400, 400, 400, 400, 400] },
    call: ({ client }) =>
      client.post('/app/auth/change-password', {
        old_password: 'not-the-password',
        password: 'N3w-password',
        confirm: 'N3w-password',
      }),
  },
  {
    route: 'POST /app/auth/confirm-email/{token}',
    variant: 'invalid token',
    target: 'none',
    expect: { any: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
    call: ({ client }) => client.post('/app/auth/confirm-email/1.1.not-a-token', {}),
  },
  {
    route: 'GET /app/auth/resend-confirm-email',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/app/auth/resend-confirm-email'),
  },
  {
    route: 'POST /app/auth/resend-confirm-email',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.post('/app/auth/resend-confirm-email'),
  },
  {
    route: 'DELETE /v1/user',
    variant: 'refused: the persona alone owns a workspace with a project',
    target: 'none',
    expect: { any: [401, 409, 409, 409, 409, 409, 409, 409, 409] },
    call: async ({ client, persona, world, unique }) => {
      if (persona !== 'anonymous') {
        const username = usernameOf(persona);
        await world.server.createProject(username, username, `kept-${unique}`);
      }
      return client.request('DELETE', '/v1/user');
    },
  },
  {
    route: 'POST /v2/users',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 201] },
    call: ({ client, unique }) =>
      client.post('/v2/users', {
        email: `made-${unique}@example.com`,
        password: 'Str0ng-pass',
        username: `made-${unique}`,
      }),
  },
  {
    route: 'GET /app/auth/user/search',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 200, 200, 403, 200] },
    call: ({ client }) => client.get(`/app/auth/user/search?namespace=${WORKSPACE}&like=spare`),
  },
  {
    route: 'GET /app/auth/user/search',
    variant: 'for one project (project_id)',
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) =>
      client.get(`/app/auth/user/search?namespace=${WORKSPACE}&like=spare&project_id=${target.id}`),
  },

  // Workspaces.
  {
    route: 'GET /v1/workspaces',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/v1/workspaces'),
  },
  {
    route: 'GET /v1/workspace/{id}',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 200, 200, 200] },
    call: ({ client, world }) => client.get(`/v1/workspace/${world.workspaceId}`),
  },

  // Projects.
  {
    route: 'GET /v1/project/paginated',
    target: 'none',
    expect: { any: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get(`/v1/project/paginated?only_namespace=${WORKSPACE}&per_page=100`),
  },
  {
    route: 'POST /v1/project/{namespace}',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 200, 403, 200] },
    call: ({ client, unique }) => client.post(`/v1/project/${WORKSPACE}`, { name: `made-${unique}` }),
  },
  {
    route: 'GET /v1/project/{namespace}/{name}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/project/${path(ctx)}`),
  },
  {
    route: 'GET /v1/project/{namespace}/{name}',
    variant: 'removed project',
    target: 'removed',
    expect: {
      private: [404, 404, 404, 404, 404, 404, 404, 404, 404],
      public: [404, 404, 404, 404, 404, 404, 404, 404, 404],
    },
    call: (ctx) => ctx.client.get(`/v1/project/${path(ctx)}`),
  },
  {
    route: 'GET /v1/project/by_uuid/{id}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v1/project/by_uuid/${target.id}`),
  },
  {
    // Always 200: each name gets its project or its own error, which is the status checked here.
    route: 'POST /v1/project/by_names',
    target: 'shared',
    expect: {
      private: [401, 404, 200, 200, 200, 200, 200, 404, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: async (ctx) => {
      const response = await ctx.client.post<Record<string, { error?: number }>>('/v1/project/by_names', {
        projects: [path(ctx)],
      });
      const error = response.status === 200 ? response.body[path(ctx)]?.error : undefined;
      // The per-name error says nothing more than its number (checked like any refusal's body).
      if (error !== undefined && Object.keys(response.body[path(ctx)] ?? {}).length === 1) {
        return { ...response, status: error, body: { detail: `error ${error}` } };
      }
      return response;
    },
  },
  {
    route: 'GET /v1/project/download/{namespace}/{name}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/project/download/${path(ctx)}?format=zip`),
  },
  {
    route: 'PUT /v1/project/{namespace}/{name}',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: (ctx) =>
      ctx.client.request('PUT', `/v1/project/${path(ctx)}`, {
        access: {
          readersnames:
            ctx.target.visibility === 'private'
              ? ['p-reader', 'hush-member', 'spare']
              : ['p-reader', 'spare'],
        },
      }),
  },
  {
    route: 'POST /v1/project/clone/{namespace}/{name}',
    variant: 'into the caller’s own workspace',
    target: 'shared',
    expect: {
      private: [401, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [401, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) =>
      ctx.client.post(`/v1/project/clone/${path(ctx)}`, {
        namespace: own(ctx),
        project: `copy-${ctx.unique}`,
      }),
  },
  {
    route: 'POST /v2/projects/{id}/scheduleDelete',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 204, 204, 403, 204],
      public: [401, 403, 403, 403, 403, 204, 204, 403, 204],
    },
    call: ({ client, target }) => client.post(`/v2/projects/${target.id}/scheduleDelete`),
  },
  {
    route: 'PATCH /app/project/{id}/public',
    target: 'fresh',
    fresh: { marked: false },
    expect: {
      private: [401, 403, 403, 403, 403, 204, 204, 403, 204],
      public: [401, 403, 403, 403, 403, 204, 204, 403, 204],
    },
    call: ({ client, target }) =>
      client.request('PATCH', `/app/project/${target.id}/public`, {
        public: target.visibility === 'private',
      }),
  },
  {
    route: 'POST /app/project/unsubscribe/{id}',
    target: 'fresh',
    expect: {
      private: [401, 403, 200, 200, 200, 400, 200, 403, 200],
      public: [401, 200, 200, 200, 200, 400, 200, 200, 200],
    },
    call: ({ client, target }) => client.post(`/app/project/unsubscribe/${target.id}`),
  },
  {
    route: 'GET /app/project/templates',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/app/project/templates'),
  },

  // Files and versions.
  {
    route: 'GET /v1/project/versions/paginated/{namespace}/{name}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/project/versions/paginated/${path(ctx)}`),
  },
  {
    route: 'GET /v1/project/version/{id}/{version}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v1/project/version/${target.id}/v1`),
  },
  {
    route: 'GET /v1/resource/history/{namespace}/{name}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/resource/history/${path(ctx)}?path=${file(ctx, 'layer.gpkg')}`),
  },
  {
    // The shared layer is new in v1, so it has no changeset: readers learn that (404), others learn nothing (403).
    route: 'GET /v1/resource/changesets/{namespace}/{name}/{version}',
    target: 'shared',
    expect: {
      private: [403, 403, 404, 404, 404, 404, 404, 403, 404],
      public: [404, 404, 404, 404, 404, 404, 404, 404, 404],
    },
    call: (ctx) => ctx.client.get(`/v1/resource/changesets/${path(ctx)}/v1?path=${file(ctx, 'layer.gpkg')}`),
  },
  {
    route: 'GET /v1/project/raw/{namespace}/{name}',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/project/raw/${path(ctx)}?file=${file(ctx, 'notes.txt')}`),
  },
  // The map reads what the download reads. The shared layer is no real GeoPackage: its readers learn that (422).
  {
    route: 'GET /v1/project/map/{namespace}/{name}/layers',
    target: 'shared',
    expect: {
      private: [403, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: (ctx) => ctx.client.get(`/v1/project/map/${path(ctx)}/layers`),
  },
  {
    route: 'GET /v1/project/map/{namespace}/{name}/tiles/{z}/{x}/{y}.pbf',
    target: 'shared',
    expect: {
      private: [403, 403, 422, 422, 422, 422, 422, 403, 422],
      public: [422, 422, 422, 422, 422, 422, 422, 422, 422],
    },
    call: (ctx) =>
      ctx.client.get(
        `/v1/project/map/${path(ctx)}/tiles/0/0/0.pbf?file=${file(ctx, 'layer.gpkg')}&layer=points`,
      ),
  },
  {
    route: 'GET /v1/project/map/{namespace}/{name}/features/{fid}',
    target: 'shared',
    expect: {
      private: [403, 403, 422, 422, 422, 422, 422, 403, 422],
      public: [422, 422, 422, 422, 422, 422, 422, 422, 422],
    },
    call: (ctx) =>
      ctx.client.get(`/v1/project/map/${path(ctx)}/features/1?file=${file(ctx, 'layer.gpkg')}&layer=points`),
  },
  // The layer was added in v1, so v1 holds no changeset of it: its readers learn that (404), the others do not.
  {
    route: 'GET /v1/project/map/{namespace}/{name}/changes',
    target: 'shared',
    expect: {
      private: [403, 403, 404, 404, 404, 404, 404, 403, 404],
      public: [404, 404, 404, 404, 404, 404, 404, 404, 404],
    },
    call: (ctx) =>
      ctx.client.get(`/v1/project/map/${path(ctx)}/changes?file=${file(ctx, 'layer.gpkg')}&version=v1`),
  },

  // Pushes: editors and up; QGIS project files writers and up; a transaction is its starter's alone.
  {
    route: 'POST /v1/project/push/{namespace}/{name}',
    variant: 'a data file',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 200, 200, 200, 200, 403, 200],
      public: [401, 403, 403, 200, 200, 200, 200, 403, 200],
    },
    call: (ctx) => ctx.client.post(`/v1/project/push/${path(ctx)}`, pushBody('points.gpkg')),
  },
  {
    route: 'POST /v1/project/push/{namespace}/{name}',
    variant: 'a QGIS project file',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 200, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 200, 200, 200, 403, 200],
    },
    call: (ctx) => ctx.client.post(`/v1/project/push/${path(ctx)}`, pushBody('project.qgs')),
  },
  {
    route: 'POST /v1/project/push/chunk/{transaction}/{chunk}',
    variant: "to the maker's transaction",
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 403, 403, 403, 403],
      public: [401, 403, 403, 403, 403, 403, 403, 403, 403],
    },
    call: ({ client, world, target }) => {
      const { transaction, chunk } = world.pushes[target.visibility];
      return client.post(
        `/v1/project/push/chunk/${transaction}/${chunk}`,
        new TextEncoder().encode('pending'),
      );
    },
  },
  {
    route: 'POST /v1/project/push/finish/{transaction}',
    variant: "the maker's transaction",
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 403, 403, 403, 403],
      public: [401, 403, 403, 403, 403, 403, 403, 403, 403],
    },
    call: ({ client, world, target }) =>
      client.post(`/v1/project/push/finish/${world.pushes[target.visibility].transaction}`),
  },
  {
    route: 'POST /v1/project/push/cancel/{transaction}',
    variant: "the maker's transaction",
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 403, 403, 403, 403],
      public: [401, 403, 403, 403, 403, 403, 403, 403, 403],
    },
    call: ({ client, world, target }) =>
      client.post(`/v1/project/push/cancel/${world.pushes[target.visibility].transaction}`),
  },

  // The v2 sync calls: a private project does not exist for those who may not read it (404, as the reference's
  // v2 project info); chunks and versions need the edit permission, QGIS project files the writer role.
  {
    route: 'GET /v2/projects/{id}',
    target: 'shared',
    expect: {
      private: [404, 404, 200, 200, 200, 200, 200, 404, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v2/projects/${target.id}?files_at_version=v1`),
  },
  {
    route: 'POST /v2/projects/{id}/chunks',
    target: 'shared',
    expect: {
      private: [401, 404, 403, 200, 200, 200, 200, 404, 200],
      public: [401, 403, 403, 200, 200, 200, 200, 403, 200],
    },
    call: ({ client, target }) =>
      client.post(`/v2/projects/${target.id}/chunks`, new TextEncoder().encode('chunk')),
  },
  {
    route: 'POST /v2/projects/{id}/versions',
    variant: 'a data file (check_only)',
    target: 'fresh',
    expect: {
      private: [401, 404, 403, 204, 204, 204, 204, 404, 204],
      public: [401, 403, 403, 204, 204, 204, 204, 403, 204],
    },
    call: ({ client, target }) =>
      client.post(`/v2/projects/${target.id}/versions`, { ...pushBody('points.gpkg'), check_only: true }),
  },
  {
    route: 'POST /v2/projects/{id}/versions',
    variant: 'a QGIS project file (check_only)',
    target: 'fresh',
    expect: {
      private: [401, 404, 403, 403, 204, 204, 204, 404, 204],
      public: [401, 403, 403, 403, 204, 204, 204, 403, 204],
    },
    call: ({ client, target }) =>
      client.post(`/v2/projects/${target.id}/versions`, { ...pushBody('project.qgs'), check_only: true }),
  },
  {
    // Waymark's own restore, with a push's rules; v1 is the latest version, so those allowed learn that nothing
    // would change (400) and nothing is written (a real restore: restore.test.ts).
    route: 'POST /v2/projects/{id}/restore',
    target: 'shared',
    expect: {
      private: [401, 404, 403, 400, 400, 400, 400, 404, 400],
      public: [401, 403, 403, 400, 400, 400, 400, 403, 400],
    },
    call: ({ client, target }) => client.post(`/v2/projects/${target.id}/restore`, { version: 'v1' }),
  },
  {
    route: 'GET /v2/projects/{id}/delta',
    target: 'shared',
    expect: {
      private: [404, 404, 200, 200, 200, 200, 200, 404, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v2/projects/${target.id}/delta?since=v0`),
  },
  {
    // The shared projects' layer has one diff: readers download it, others learn nothing of the project.
    route: 'GET /v2/projects/{id}/raw/diff',
    target: 'shared',
    expect: {
      private: [404, 404, 200, 200, 200, 200, 200, 404, 200],
      public: [200, 200, 200, 200, 200, 200, 200, 200, 200],
    },
    call: ({ client, target }) => client.get(`/v2/projects/${target.id}/raw/diff?file=${MATRIX_DIFF_ID}`),
  },

  // Access requests.
  {
    route: 'POST /app/project/access-request/{namespace}/{name}',
    target: 'fresh',
    fresh: { marked: false },
    expect: {
      private: [401, 200, 409, 409, 409, 409, 200, 200, 200],
      public: [401, 200, 409, 409, 409, 409, 200, 200, 200],
    },
    call: (ctx) => ctx.client.post(`/app/project/access-request/${path(ctx)}`),
  },
  {
    route: 'GET /app/project/access-requests',
    target: 'none',
    expect: { any: [401, 200, 200, 200, 200, 200, 200, 200, 200] },
    call: ({ client }) => client.get('/app/project/access-requests'),
  },
  {
    route: 'GET /app/project/access-request/{namespace}',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 200, 403, 200] },
    call: ({ client }) => client.get(`/app/project/access-request/${WORKSPACE}`),
  },
  {
    route: 'GET /app/project/access-request/{namespace}',
    variant: 'of one project (project_name)',
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) =>
      client.get(`/app/project/access-request/${WORKSPACE}?project_name=${target.name}`),
  },
  {
    route: 'POST /app/project/access-request/accept/{id}',
    target: 'fresh',
    fresh: { request: true },
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) =>
      client.post(`/app/project/access-request/accept/${target.requestId}`, { permissions: 'write' }),
  },
  {
    route: 'DELETE /app/project/access-request/{id}',
    target: 'fresh',
    fresh: { request: true },
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) => client.request('DELETE', `/app/project/access-request/${target.requestId}`),
  },

  // Collaborators.
  {
    route: 'GET /v2/projects/{id}/collaborators',
    target: 'shared',
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target }) => client.get(`/v2/projects/${target.id}/collaborators`),
  },
  {
    route: 'POST /v2/projects/{id}/collaborators',
    target: 'fresh',
    expect: {
      private: [401, 403, 403, 403, 403, 201, 201, 403, 201],
      public: [401, 403, 403, 403, 403, 201, 201, 403, 201],
    },
    call: ({ client, target }) =>
      client.post(`/v2/projects/${target.id}/collaborators`, { user: 'spare', role: 'reader' }),
  },
  {
    route: 'PATCH /v2/projects/{id}/collaborators/{user_id}',
    target: 'fresh',
    fresh: { spare: true },
    expect: {
      private: [401, 403, 403, 403, 403, 200, 200, 403, 200],
      public: [401, 403, 403, 403, 403, 200, 200, 403, 200],
    },
    call: ({ client, target, world }) =>
      client.request('PATCH', `/v2/projects/${target.id}/collaborators/${world.idOf('spare')}`, {
        role: 'writer',
      }),
  },
  {
    route: 'DELETE /v2/projects/{id}/collaborators/{user_id}',
    target: 'fresh',
    fresh: { spare: true },
    expect: {
      private: [401, 403, 403, 403, 403, 204, 204, 403, 204],
      public: [401, 403, 403, 403, 403, 204, 204, 403, 204],
    },
    call: ({ client, target, world }) =>
      client.request('DELETE', `/v2/projects/${target.id}/collaborators/${world.idOf('spare')}`),
  },
  {
    route: 'GET /app/project/{id}/access',
    target: 'shared',
    expect: {
      private: [401, 403, 200, 200, 200, 200, 200, 403, 200],
      public: [401, 403, 200, 200, 200, 200, 200, 403, 200],
    },
    call: ({ client, target }) => client.get(`/app/project/${target.id}/access`),
  },
  // The admin panel (issue 13): superusers only; anonymous callers 401, everyone else 403.
  {
    route: 'GET /app/admin/users',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/users?like=p-'),
  },
  {
    route: 'POST /app/admin/user',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 201] },
    call: ({ client, unique }) =>
      client.post('/app/admin/user', {
        username: `a-${unique}`,
        email: `a-${unique}@example.com`,
        password: 'Str0ng-pass',
        confirm: 'Str0ng-pass',
      }),
  },
  {
    route: 'GET /app/admin/user/{username}',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/user/spare'),
  },
  {
    route: 'PATCH /app/admin/user/{username}',
    variant: 'a user of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: async ({ client, world, unique }) => {
      await world.server.createUser({ username: `u-${unique}` });
      return client.request('PATCH', `/app/admin/user/u-${unique}`, { active: false });
    },
  },
  {
    route: 'DELETE /app/admin/user/{username}',
    variant: 'a user of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 204] },
    call: async ({ client, world, unique }) => {
      await world.server.createUser({ username: `u-${unique}` });
      return client.request('DELETE', `/app/admin/user/u-${unique}`);
    },
  },
  {
    route: 'POST /app/admin/user/{username}/reset-password',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 204] },
    call: ({ client }) => client.post('/app/admin/user/spare/reset-password'),
  },
  {
    route: 'GET /app/admin/workspaces',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get(`/app/admin/workspaces?like=${WORKSPACE}`),
  },
  {
    route: 'POST /app/admin/workspaces',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 201] },
    call: ({ client, unique }) =>
      client.post('/app/admin/workspaces', { name: `w-${unique}`, storage: 1024 }),
  },
  {
    route: 'PATCH /app/admin/workspaces/{id}',
    variant: 'a workspace of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: async ({ client, world, unique }) => {
      const workspace = await world.server.context.workspaces.create({ name: `w-${unique}` });
      return client.request('PATCH', `/app/admin/workspaces/${workspace.id}`, { storage: 2048 });
    },
  },
  {
    route: 'GET /app/admin/workspaces/{id}/members',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client, world }) => client.get(`/app/admin/workspaces/${world.workspaceId}/members`),
  },
  {
    route: 'POST /app/admin/workspaces/{id}/members',
    variant: 'a workspace of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 201] },
    call: async ({ client, world, unique }) => {
      const workspace = await world.server.context.workspaces.create({ name: `w-${unique}` });
      return client.post(`/app/admin/workspaces/${workspace.id}/members`, {
        username: 'spare',
        role: 'reader',
      });
    },
  },
  {
    route: 'PATCH /app/admin/workspaces/{id}/members/{user_id}',
    variant: 'a workspace of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: async ({ client, world, unique }) => {
      const workspace = await world.server.context.workspaces.create({ name: `w-${unique}` });
      await world.server.repos.workspaces.upsertMember(workspace.id, world.idOf('spare'), 'reader');
      return client.request('PATCH', `/app/admin/workspaces/${workspace.id}/members/${world.idOf('spare')}`, {
        role: 'writer',
      });
    },
  },
  {
    route: 'DELETE /app/admin/workspaces/{id}/members/{user_id}',
    variant: 'a workspace of its own',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 204] },
    call: async ({ client, world, unique }) => {
      const workspace = await world.server.context.workspaces.create({ name: `w-${unique}` });
      await world.server.repos.workspaces.upsertMember(workspace.id, world.idOf('spare'), 'reader');
      return client.request('DELETE', `/app/admin/workspaces/${workspace.id}/members/${world.idOf('spare')}`);
    },
  },
  {
    route: 'GET /app/admin/projects',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/projects?removed=true'),
  },
  {
    route: 'POST /app/project/removed-project/restore/{id}',
    variant: 'scheduled for deletion',
    target: 'fresh',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 201] },
    call: async ({ client, world, target }) => {
      await world.server.repos.projects.update(target.id, { removedAt: new Date() });
      return client.post(`/app/project/removed-project/restore/${target.id}`);
    },
  },
  {
    route: 'DELETE /app/project/removed-project/{id}',
    variant: 'scheduled for deletion',
    target: 'fresh',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 204] },
    call: async ({ client, world, target }) => {
      await world.server.repos.projects.update(target.id, { removedAt: new Date() });
      return client.request('DELETE', `/app/project/removed-project/${target.id}`);
    },
  },
  {
    route: 'GET /app/admin/usage',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/usage'),
  },
  {
    route: 'GET /app/admin/server',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.get('/app/admin/server'),
  },
  {
    route: 'PUT /app/admin/maintenance',
    variant: 'off (on would refuse the other rows)',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 403, 403, 200] },
    call: ({ client }) => client.request('PUT', '/app/admin/maintenance', { maintenance: false }),
  },
  // Issue 23: the reference's routes Waymark lacked, and the workspace API.
  ...ISSUE_23_ROWS,
  // Issue 29: personal access tokens and two-factor sign-in.
  ...ISSUE_29_ROWS,
  ...WEBHOOK_ROWS,
];

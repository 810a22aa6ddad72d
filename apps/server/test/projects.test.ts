import { PROJECT_OWNER_REQUIRED_TEXT, PROJECT_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Project = { id: string; name: string; namespace: string; version: string; role: string | null } & Record<
  string,
  unknown
>;
type ListBody = { projects: Project[]; count: number };

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let anonymous: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'olga' });
  await server.createUser({ username: 'sam1' });
  owner = new HttpClient(server.url);
  await owner.login('olga', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('sam1', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

describe('POST /v1/project/{namespace}', () => {
  it('creates an empty v0 project owned by its creator', async () => {
    const created = await owner.post('/v1/project/olga', { name: '  Survey 2026 ', public: false });
    expect(created.status).toBe(200);
    const { status, body } = await owner.get<Project>('/v1/project/olga/Survey%202026');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Survey 2026',
      namespace: 'olga',
      version: 'v0',
      files: [],
      disk_usage: 0,
      public: false,
      tags: [],
      has_conflict: false,
      role: 'owner',
      permissions: { upload: true, update: true, delete: true },
      access: {
        ownersnames: ['olga'],
        writersnames: ['olga'],
        editorsnames: ['olga'],
        readersnames: ['olga'],
      },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('validates the name with the reference texts', async () => {
    const cases: Array<[string, string]> = [
      ['   ', 'Project name cannot be empty'],
      ['bad/name', 'Please use only alphanumeric or the following -_. characters.'],
      ['.hidden', 'Value can not start with space or dot.'],
      ['admin', 'The provided value is invalid.'],
      ['CON', 'The provided value is invalid.'],
      // The one text of ours: the reference's 'The provided value is invalid.' did not tell the limit.
      ['p'.repeat(256), 'Project name can be at most 255 characters long.'],
    ];
    for (const [name, detail] of cases) {
      const response = await owner.post('/v1/project/olga', { name });
      expect({ name, status: response.status, body: response.body }).toMatchObject({
        name,
        status: 400,
        body: { detail },
      });
    }
    expect((await owner.post('/v1/project/olga', {})).status).toBe(400);
  });

  it('refuses duplicates case-insensitively, unknown workspaces and workspaces where the caller is not admin', async () => {
    const duplicate = await owner.post('/v1/project/olga', { name: 'SURVEY 2026' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ detail: 'Project with the same name already exists' });

    const missing = await owner.post('/v1/project/nowhere', { name: 'x1' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: 'Workspace does not exist' });

    const denied = await stranger.post('/v1/project/olga', { name: 'intrusion' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ detail: 'You do not have permissions for this workspace' });

    expect((await anonymous.post('/v1/project/olga', { name: 'anon' })).status).toBe(401);
  });
});

describe('GET /v1/project/{namespace}/{name}', () => {
  it('answers 404 for unknown projects and 403 for private ones the caller cannot read', async () => {
    const missing = await owner.get('/v1/project/olga/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: PROJECT_TEXTS.notFound });
    for (const client of [stranger, anonymous]) {
      const denied = await client.get('/v1/project/olga/Survey%202026');
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ detail: 'You do not have permissions for this project' });
    }
  });

  it('lets anyone read a public project, as a reader', async () => {
    await server.createProject('olga', 'olga', 'open-data', { isPublic: true });
    const response = await anonymous.get<Project>('/v1/project/olga/open-data');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      role: 'reader',
      public: true,
      permissions: { upload: false, update: false, delete: false },
    });
    expect((await stranger.get<Project>('/v1/project/olga/open-data')).body.role).toBe('reader');
  });
});

describe('workspace usage', () => {
  it('counts live projects and their sizes', async () => {
    const project = await server.createProject('olga', 'olga', 'sized');
    await server.seedFiles(project.id, [
      { path: 'a.txt', content: 'hello' },
      { path: 'data/b.csv', content: 'x,y\n1,2\n' },
    ]);
    const [workspace] = (
      await owner.get<Array<{ disk_usage: number; project_count: number }>>('/v1/workspaces')
    ).body;
    expect(workspace).toMatchObject({ disk_usage: 5 + 8, project_count: 3 });
    const detail = await owner.get<Project>('/v1/project/olga/sized');
    expect(detail.body).toMatchObject({
      version: 'v1',
      disk_usage: 13,
      files: [
        { path: 'a.txt', size: 5, checksum: 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d' },
        { path: 'data/b.csv', size: 8 },
      ],
    });
  });
});

describe('PATCH /app/project/{id}/public', () => {
  it('lets owners switch the flag, and nobody else', async () => {
    const project = await server.createProject('olga', 'olga', 'toggle');
    expect((await anonymous.get('/v1/project/olga/toggle')).status).toBe(403);
    expect(
      (await stranger.request('PATCH', `/app/project/${project.id}/public`, { public: true })).status,
    ).toBe(403);
    expect((await owner.request('PATCH', `/app/project/${project.id}/public`, { public: true })).status).toBe(
      204,
    );
    expect((await anonymous.get('/v1/project/olga/toggle')).status).toBe(200);
    expect(
      (await owner.request('PATCH', `/app/project/${project.id}/public`, { public: false })).status,
    ).toBe(204);
    expect((await anonymous.get('/v1/project/olga/toggle')).status).toBe(403);
    expect((await owner.request('PATCH', '/app/project/not-a-uuid/public', { public: true })).status).toBe(
      400,
    );
  });
});

describe('POST /v2/projects/{id}/scheduleDelete', () => {
  it('hides the project at once, keeps its name until the purge, then frees it', async () => {
    const project = await server.createProject('olga', 'olga', 'doomed');
    expect((await stranger.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(403);
    expect((await owner.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);
    expect((await owner.get('/v1/project/olga/doomed')).status).toBe(404);
    const names = (await owner.get<ListBody>('/v1/project/paginated?per_page=100')).body.projects.map(
      (p) => p.name,
    );
    expect(names).not.toContain('doomed');

    const again = await owner.post<{ detail: string }>('/v1/project/olga', { name: 'doomed' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(
      'Project with the same name is scheduled for deletion, you can create a project with this name in 7 days',
    );

    expect(await server.context.projects.purgeRemoved(new Date(Date.now() + 6 * 24 * 3600 * 1000))).toBe(0);
    expect(await server.context.projects.purgeRemoved(new Date(Date.now() + 8 * 24 * 3600 * 1000))).toBe(1);
    expect((await owner.post('/v1/project/olga', { name: 'doomed' })).status).toBe(200);
  });
});

describe('POST /app/project/unsubscribe/{id}', () => {
  it('lets a member leave, but not the owner', async () => {
    const project = await server.createProject('olga', 'olga', 'shared-work');
    await server.repos.projects.setMember(
      project.id,
      (await server.repos.users.findByUsername('sam1'))?.id ?? 0,
      'writer',
    );
    expect((await stranger.get('/v1/project/olga/shared-work')).status).toBe(200);
    expect((await stranger.post(`/app/project/unsubscribe/${project.id}`)).status).toBe(200);
    expect((await stranger.get('/v1/project/olga/shared-work')).status).toBe(403);
    const ownerLeaves = await owner.post(`/app/project/unsubscribe/${project.id}`);
    expect(ownerLeaves.status).toBe(400);
    expect(ownerLeaves.body).toMatchObject({ detail: 'Owner cannot leave a project' });
  });
});

describe('PUT /v1/project/{namespace}/{name}', () => {
  it('sets members by role lists and reports unknown usernames', async () => {
    await server.createProject('olga', 'olga', 'team-map');
    const ok = await owner.request<Project>('PUT', '/v1/project/olga/team-map', {
      access: { ownersnames: ['olga'], writersnames: ['olga', 'sam1'], readersnames: ['olga', 'sam1'] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access).toMatchObject({ writersnames: ['olga', 'sam1'], ownersnames: ['olga'] });
    expect((await stranger.get<Project>('/v1/project/olga/team-map')).body.role).toBe('writer');

    const partial = await owner.request<Record<string, unknown>>('PUT', '/v1/project/olga/team-map', {
      access: {
        ownersnames: ['olga'],
        writersnames: ['olga'],
        readersnames: ['olga', 'sam1', 'ghost'],
        public: true,
      },
    });
    expect(partial.status).toBe(207);
    expect(partial.body).toMatchObject({ code: 'UpdateProjectAccessError', invalid_usernames: ['ghost'] });
    expect((await stranger.get<Project>('/v1/project/olga/team-map')).body.role).toBe('reader');
    expect((await anonymous.get('/v1/project/olga/team-map')).status).toBe(200);

    const nothing = await owner.request('PUT', '/v1/project/olga/team-map', {
      access: { ownersnames: ['olga'], writersnames: ['olga'], readersnames: ['olga', 'sam1', 'ghost'] },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body).toMatchObject({ code: 'UpdateProjectAccessError', invalid_usernames: ['ghost'] });

    expect((await stranger.request('PUT', '/v1/project/olga/team-map', { access: {} })).status).toBe(403);
  });
});

describe('PUT /v1/project/{namespace}/{name} keeps an owner', () => {
  it('refuses with 400 an update that would leave the project without any owner', async () => {
    await server.createProject('olga', 'olga', 'kept-owner');
    const path = '/v1/project/olga/kept-owner';
    const refused = [
      { ownersnames: [] },
      { ownersnames: [], writersnames: ['olga', 'sam1'] },
      { ownersnames: ['ghost'], readersnames: ['sam1'] },
    ];
    for (const access of refused) {
      const answer = await owner.request('PUT', path, { access });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ detail: PROJECT_OWNER_REQUIRED_TEXT });
    }
    const project = await owner.get<Project>(path);
    expect(project.body.role).toBe('owner');
    expect(project.body.access).toMatchObject({
      ownersnames: ['olga'],
      writersnames: ['olga'],
      readersnames: ['olga'],
    });

    // Handing ownership over is fine as long as someone owns the project.
    const handedOver = await owner.request<Project>('PUT', path, { access: { ownersnames: ['sam1'] } });
    expect(handedOver.status).toBe(200);
    expect(handedOver.body.access).toMatchObject({ ownersnames: ['sam1'] });
  });
});

describe('GET /app/project/templates', () => {
  it('answers the (empty) template list to signed-in users', async () => {
    expect((await owner.get('/app/project/templates')).body).toEqual([]);
    expect((await anonymous.get('/app/project/templates')).status).toBe(401);
  });
});

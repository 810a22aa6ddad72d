import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The reference's project calls Waymark lacked (issue 23): DELETE /v1/project/{ns}/{name}, DELETE and PATCH
 * /v2/projects/{id}, POST /v2/projects/batch, GET /v2/workspaces/{id}/projects, GET /v1/project/by_uuids,
 * GET /v1/user/{username}, GET /v1/latest-version. Real HTTP, Bearer tokens as the Mergin clients send them.
 */

let server: TestServer;
const clients = new Map<string, HttpClient>();
let anonymous: HttpClient;
let workspaceId: number;

const as = (username: string) => {
  const found = clients.get(username);
  if (!found) throw new Error(`no client ${username}`);
  return found;
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** A fresh private project in `team`, owned by `olga`, with reader `rita` and writer `walt`. */
async function freshProject(name: string, options: { isPublic?: boolean } = {}) {
  const project = await server.createProject('adam', 'team', name, options);
  for (const [username, role] of [
    ['olga', 'owner'],
    ['rita', 'reader'],
    ['walt', 'writer'],
  ] as const) {
    const user = await server.repos.users.findByUsername(username);
    await server.repos.projects.setMember(project.id, user?.id ?? 0, role);
  }
  return project;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const username of ['adam', 'olga', 'rita', 'walt', 'otto', 'gina'])
    await server.createUser({ username });
  await server.createUser({ username: 'susan', isAdmin: true });
  workspaceId = (await server.context.workspaces.create({ name: 'team' })).id;
  await server.context.workspaces.addMember({ workspace: 'team', login: 'adam', role: 'admin' });
  await server.context.workspaces.addMember({ workspace: 'team', login: 'gina', role: 'guest' });
  for (const username of ['adam', 'olga', 'rita', 'walt', 'otto', 'gina', 'susan']) {
    const http = new HttpClient(server.url);
    const login = await http.post<{ session: { token: string } }>('/v1/auth/login', {
      login: username,
      password: TEST_PASSWORD,
    });
    http.bearer = login.body.session.token;
    clients.set(username, http);
  }
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

describe('DELETE /v1/project/{namespace}/{name}', () => {
  it('schedules the project for deletion (200, no body) for its owner; it is gone from reads at once', async () => {
    const project = await freshProject('soft-delete');
    const response = await as('olga').request('DELETE', '/v1/project/team/soft-delete');
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
    expect((await server.repos.projects.findById(project.id))?.project.removedAt).toBeInstanceOf(Date);
    expect((await as('olga').get('/v1/project/team/soft-delete')).status).toBe(404);
    // The name stays reserved while the project awaits its purge, as after the web app's delete.
    expect((await as('adam').post('/v1/project/team', { name: 'soft-delete' })).status).toBe(409);
  });

  it('refuses readers, writers and outsiders (403), anonymous callers (401), missing projects (404)', async () => {
    await freshProject('soft-keep');
    for (const username of ['rita', 'walt', 'otto', 'gina']) {
      const response = await as(username).request('DELETE', '/v1/project/team/soft-keep');
      expect({ username, status: response.status }).toEqual({ username, status: 403 });
      expect(response.body).toMatchObject({ detail: 'You do not have permissions for this project' });
    }
    expect((await anonymous.request('DELETE', '/v1/project/team/soft-keep')).status).toBe(401);
    expect((await as('olga').request('DELETE', '/v1/project/team/no-such')).status).toBe(404);
    expect((await as('olga').get('/v1/project/team/soft-keep')).status).toBe(200);
  });

  it('lets workspace admins and superusers delete', async () => {
    await freshProject('soft-admin');
    await freshProject('soft-super');
    expect((await as('adam').request('DELETE', '/v1/project/team/soft-admin')).status).toBe(200);
    expect((await as('susan').request('DELETE', '/v1/project/team/soft-super')).status).toBe(200);
  });
});

describe('DELETE /v2/projects/{id}', () => {
  it('removes the project at once (204): its name is free again', async () => {
    const project = await freshProject('now-gone');
    const response = await as('olga').request('DELETE', `/v2/projects/${project.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await server.repos.projects.findById(project.id)).toBeUndefined();
    expect((await as('adam').post('/v1/project/team', { name: 'now-gone' })).status).toBe(200);
  });

  it('also removes a project already scheduled for deletion', async () => {
    const project = await freshProject('now-scheduled');
    expect((await as('olga').post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);
    expect((await as('olga').request('DELETE', `/v2/projects/${project.id}`)).status).toBe(204);
    expect(await server.repos.projects.findById(project.id)).toBeUndefined();
  });

  it('refuses readers, writers, outsiders (403) and anonymous callers (401); unknown ids are 404', async () => {
    const project = await freshProject('now-kept');
    for (const username of ['rita', 'walt', 'otto', 'gina']) {
      const response = await as(username).request('DELETE', `/v2/projects/${project.id}`);
      expect({ username, status: response.status }).toEqual({ username, status: 403 });
    }
    expect((await anonymous.request('DELETE', `/v2/projects/${project.id}`)).status).toBe(401);
    const unknown = await as('olga').request('DELETE', '/v2/projects/6f1ae2d4-0d1c-4d8b-9d9e-2d5c1b7c9a01');
    expect(unknown.status).toBe(404);
    expect((await as('olga').request('DELETE', '/v2/projects/not-a-uuid')).status).toBe(400);
    expect(await server.repos.projects.findById(project.id)).toBeDefined();
  });
});

describe('PATCH /v2/projects/{id}', () => {
  it('renames the project (204), trimmed; the old path is gone and the new one answers', async () => {
    const project = await freshProject('old-name');
    const response = await as('olga').request('PATCH', `/v2/projects/${project.id}`, { name: '  new-name ' });
    expect(response.status).toBe(204);
    expect((await as('olga').get('/v1/project/team/old-name')).status).toBe(404);
    const renamed = await as('olga').get<{ id: string; name: string; namespace: string }>(
      '/v1/project/team/new-name',
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: project.id, name: 'new-name', namespace: 'team' });
    // The same name again (also in another letter case) is no conflict with itself.
    expect(
      (await as('olga').request('PATCH', `/v2/projects/${project.id}`, { name: 'New-Name' })).status,
    ).toBe(204);
  });

  it('answers 400 InvalidProjectName with the rule broken', async () => {
    const project = await freshProject('bad-names');
    for (const [name, detail] of [
      ['', 'Project name cannot be empty'],
      ['a/b', 'Please use only alphanumeric or the following -_. characters.'],
      ['.hidden', 'Value can not start with space or dot.'],
      ['admin', 'The provided value is invalid.'],
    ]) {
      const response = await as('olga').request('PATCH', `/v2/projects/${project.id}`, { name });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'InvalidProjectName', detail });
    }
    expect((await as('olga').request('PATCH', `/v2/projects/${project.id}`, {})).status).toBe(400);
  });

  it('answers 409 for a name another project of the workspace holds, live or scheduled for deletion', async () => {
    const project = await freshProject('clash-a');
    await freshProject('clash-b');
    const removed = await freshProject('clash-removed');
    await as('olga').post(`/v2/projects/${removed.id}/scheduleDelete`);
    for (const name of ['clash-b', 'CLASH-B', 'clash-removed']) {
      const response = await as('olga').request('PATCH', `/v2/projects/${project.id}`, { name });
      expect(response.status).toBe(409);
      // The Mergin API's error envelope, as every other error of it (the client parses only this type).
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.body).toMatchObject({
        detail: 'Name already exist within workspace',
        status: 409,
        title: 'Conflict',
        type: 'about:blank',
      });
    }
  });

  it('is for owners, workspace admins and superusers: 403 for readers, writers, outsiders; 401 anonymous', async () => {
    const project = await freshProject('perm-rename');
    for (const username of ['rita', 'walt', 'otto', 'gina']) {
      const response = await as(username).request('PATCH', `/v2/projects/${project.id}`, {
        name: 'x-renamed',
      });
      expect({ username, status: response.status }).toEqual({ username, status: 403 });
    }
    expect(
      (await anonymous.request('PATCH', `/v2/projects/${project.id}`, { name: 'x-renamed' })).status,
    ).toBe(401);
    expect(
      (await as('adam').request('PATCH', `/v2/projects/${project.id}`, { name: 'by-admin' })).status,
    ).toBe(204);
    expect(
      (await as('susan').request('PATCH', `/v2/projects/${project.id}`, { name: 'by-super' })).status,
    ).toBe(204);
  });
});

describe('POST /v2/projects/batch', () => {
  it('answers each id in order with its v2 project or an error (404 missing, 403 private to the caller)', async () => {
    const open = await freshProject('batch-open', { isPublic: true });
    const hidden = await freshProject('batch-hidden');
    const removed = await freshProject('batch-removed');
    await as('olga').post(`/v2/projects/${removed.id}/scheduleDelete`);
    const missing = '6f1ae2d4-0d1c-4d8b-9d9e-2d5c1b7c9a01';
    const ids = [hidden.id, open.id, missing, removed.id, hidden.id];
    const reader = await as('rita').post<{ projects: Array<Record<string, unknown>> }>('/v2/projects/batch', {
      ids,
    });
    expect(reader.status).toBe(200);
    expect(reader.body.projects).toHaveLength(4);
    expect(reader.body.projects[0]).toMatchObject({
      id: hidden.id,
      name: 'batch-hidden',
      workspace: { id: workspaceId, name: 'team' },
      role: 'reader',
      version: 'v0',
      public: false,
      size: 0,
    });
    expect(reader.body.projects[0]?.created_at).toMatch(ISO);
    expect(Object.keys(reader.body.projects[0] ?? {}).sort()).toEqual(
      ['created_at', 'id', 'name', 'public', 'role', 'size', 'updated_at', 'version', 'workspace'].sort(),
    );
    expect(reader.body.projects.slice(2)).toEqual([
      { id: missing, error: 404 },
      { id: removed.id, error: 404 },
    ]);
    const outsider = await as('otto').post<{ projects: unknown[] }>('/v2/projects/batch', {
      ids: [hidden.id, open.id],
    });
    expect(outsider.body.projects[0]).toEqual({ id: hidden.id, error: 403 });
    expect(outsider.body.projects[1]).toMatchObject({ id: open.id, role: 'reader' });
    const visitor = await anonymous.post<{ projects: unknown[] }>('/v2/projects/batch', {
      ids: [hidden.id, open.id],
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body.projects[0]).toEqual({ id: hidden.id, error: 404 });
    expect(visitor.body.projects[1]).toMatchObject({ id: open.id, role: 'reader' });
  });

  it('refuses more than 100 ids (400 BatchLimitExceeded) and ids that are no UUIDs (400)', async () => {
    const ids = Array.from(
      { length: 101 },
      (_, i) => `6f1ae2d4-0d1c-4d8b-9d9e-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await as('rita').post('/v2/projects/batch', { ids });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'BatchLimitExceeded',
      detail: 'Batch size exceeds maximum allowed size 100',
    });
    expect((await as('rita').post('/v2/projects/batch', { ids: ['nope'] })).status).toBe(400);
    expect((await as('rita').post('/v2/projects/batch', {})).status).toBe(400);
  });
});

describe('GET /v1/project/by_uuids', () => {
  it('answers the readable live projects among the ids as list items by id; others are left out', async () => {
    const open = await freshProject('uuids-open', { isPublic: true });
    const hidden = await freshProject('uuids-hidden');
    const query = `/v1/project/by_uuids?uuids=${hidden.id},${open.id},junk`;
    const reader = await as('rita').get<Record<string, Record<string, unknown>>>(query);
    expect(reader.status).toBe(200);
    expect(Object.keys(reader.body).sort()).toEqual([hidden.id, open.id].sort());
    expect(reader.body[hidden.id]).toMatchObject({
      id: hidden.id,
      name: 'uuids-hidden',
      namespace: 'team',
      version: 'v0',
      permissions: { delete: false, update: false, upload: false },
      has_conflict: false,
    });
    expect(Object.keys((await as('otto').get<Record<string, unknown>>(query)).body)).toEqual([open.id]);
    expect(Object.keys((await anonymous.get<Record<string, unknown>>(query)).body)).toEqual([open.id]);
  });

  it('refuses more than 10 ids (400) and a missing uuids parameter (400)', async () => {
    const ids = Array.from(
      { length: 11 },
      (_, i) => `6f1ae2d4-0d1c-4d8b-9d9e-${String(i).padStart(12, '0')}`,
    );
    const response = await as('rita').get(`/v1/project/by_uuids?uuids=${ids.join(',')}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ detail: 'Too many projects' });
    expect((await as('rita').get('/v1/project/by_uuids')).status).toBe(400);
  });
});

describe('GET /v2/workspaces/{id}/projects', () => {
  let ownWorkspace: number;
  beforeEach(async () => {
    ownWorkspace = workspaceId;
  });

  it('lists the workspace projects the caller reads through their role, paged, with count', async () => {
    const other = await server.context.workspaces.create({ name: 'listing' });
    await server.context.workspaces.addMember({ workspace: 'listing', login: 'rita', role: 'reader' });
    await server.context.workspaces.addMember({ workspace: 'listing', login: 'gina', role: 'guest' });
    await server.context.workspaces.addMember({ workspace: 'listing', login: 'adam', role: 'admin' });
    for (const name of ['alpha', 'beta', 'gamma']) await server.createProject('adam', 'listing', name);
    const shared = await server.createProject('adam', 'listing', 'delta', { isPublic: true });
    const gina = await server.repos.users.findByUsername('gina');
    await server.repos.projects.setMember(shared.id, gina?.id ?? 0, 'reader');
    await server.createProject('adam', 'listing', 'epsilon', { isPublic: true });

    const page = await as('rita').get<{ projects: Array<{ name: string }>; count: number }>(
      `/v2/workspaces/${other.id}/projects?page=1&per_page=2&order_params=name%20DESC`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 5, page: 1, per_page: 2 });
    expect(page.body.projects.map((p) => p.name)).toEqual(['gamma', 'epsilon']);
    expect(page.body.projects[0]).toMatchObject({
      role: 'reader',
      workspace: { id: other.id, name: 'listing' },
    });

    const filtered = await as('rita').get<{ projects: Array<{ name: string }>; count: number }>(
      `/v2/workspaces/${other.id}/projects?page=1&per_page=50&q=ET`,
    );
    expect(filtered.body.projects.map((p) => p.name)).toEqual(['beta']);

    // A guest sees only what is shared with them, not the public projects for being public.
    const guest = await as('gina').get<{ projects: Array<{ name: string }>; count: number }>(
      `/v2/workspaces/${other.id}/projects?page=1&per_page=50`,
    );
    expect(guest.body).toMatchObject({ count: 1 });
    expect(guest.body.projects.map((p) => p.name)).toEqual(['delta']);

    const superuser = await as('susan').get<{ count: number }>(
      `/v2/workspaces/${other.id}/projects?page=1&per_page=50`,
    );
    expect(superuser.body.count).toBe(5);
  });

  it('refuses outsiders (403), anonymous callers (401), unknown workspaces (404) and bad pages (400)', async () => {
    const path = `/v2/workspaces/${ownWorkspace}/projects?page=1&per_page=10`;
    const outsider = await as('otto').get(path);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ detail: 'You do not have permissions to workspace' });
    expect((await anonymous.get(path)).status).toBe(401);
    const unknown = await as('otto').get('/v2/workspaces/999999/projects?page=1&per_page=10');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ detail: 'Workspace not found' });
    expect((await as('adam').get(`/v2/workspaces/${ownWorkspace}/projects?page=1&per_page=51`)).status).toBe(
      400,
    );
    expect((await as('adam').get(`/v2/workspaces/${ownWorkspace}/projects?per_page=10`)).status).toBe(400);
  });
});

describe('GET /v1/user/{username}', () => {
  it("answers the caller's personal storage and workspace roles, whatever name is asked for", async () => {
    for (const asked of ['adam', 'someone-else']) {
      const response = await as('adam').get<Record<string, unknown>>(`/v1/user/${asked}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        username: 'adam',
        email: 'adam@example.com',
        disk_usage: 0,
        storage: expect.any(Number),
        storage_limit: expect.any(Number),
        organisations: expect.objectContaining({ adam: 'owner', team: 'admin' }),
      });
    }
    expect((await anonymous.get('/v1/user/adam')).status).toBe(401);
  });
});

describe('GET /v1/latest-version', () => {
  it("answers the server's own release, split into its parts, to anyone", async () => {
    const response = await anonymous.get<Record<string, unknown>>('/v1/latest-version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      major: expect.any(Number),
      minor: expect.any(Number),
      fix: expect.any(Number),
      info_url: null,
    });
  });
});

import { PROJECT_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Member = {
  id: number;
  username: string;
  email: string;
  name: string;
  workspace_role: string;
  project_role: string | null;
  role: string;
};

/**
 * The collaborator calls of the reference (/v2/projects/{id}/collaborators) and the access overview
 * (/app/project/{id}/access): who is listed with which roles, the texts of refusals, and the owner rule.
 */

let server: TestServer;
const ids = new Map<string, number>();
const clients = new Map<string, HttpClient>();
let projectId: string;
let publicId: string;

const client = (username: string) => {
  const found = clients.get(username);
  if (!found) throw new Error(`no client ${username}`);
  return found;
};
const id = (username: string) => ids.get(username) ?? 0;
const base = () => `/v2/projects/${projectId}/collaborators`;

beforeAll(async () => {
  server = await startTestServer();
  // Names sort as: ada-admin, bo-guest, cy-reader, dee-owner, eve-editor, fay-viewer, gus-outsider, hal-idle.
  const names = [
    'ada-admin',
    'bo-guest',
    'cy-reader',
    'dee-owner',
    'eve-editor',
    'fay-viewer',
    'gus-outsider',
  ];
  for (const username of [...names, 'hal-idle']) {
    const user = await server.createUser({ username });
    ids.set(username, user.id);
  }
  await server.repos.users.update(id('ada-admin'), { firstName: 'Ada', lastName: 'Admin' });
  await server.context.workspaces.create({ name: 'fieldteam' });
  const memberships: Array<[string, 'admin' | 'guest' | 'reader']> = [
    ['ada-admin', 'admin'],
    ['bo-guest', 'guest'],
    ['cy-reader', 'reader'],
    ['fay-viewer', 'guest'],
  ];
  for (const [login, role] of memberships) {
    await server.context.workspaces.addMember({ workspace: 'fieldteam', login, role });
  }
  projectId = (await server.createProject('ada-admin', 'fieldteam', 'wetlands')).id;
  publicId = (await server.createProject('ada-admin', 'fieldteam', 'open-map', { isPublic: true })).id;
  for (const project of [projectId, publicId]) {
    // The creator owns the project; hand ownership to dee-owner so ada-admin acts through the workspace only.
    await server.repos.projects.setMember(project, id('dee-owner'), 'owner');
    await server.repos.projects.removeMember(project, id('ada-admin'));
    await server.repos.projects.setMember(project, id('eve-editor'), 'editor');
    await server.repos.projects.setMember(project, id('fay-viewer'), 'reader');
  }
  await server.repos.users.update(id('hal-idle'), { active: false });
  for (const username of names) {
    const http = new HttpClient(server.url);
    await http.login(username, TEST_PASSWORD);
    clients.set(username, http);
  }
});
afterAll(() => server.close());

describe('GET /v2/projects/{id}/collaborators', () => {
  it('lists project members and workspace members with access, with their roles, by username', async () => {
    const { status, body } = await client('dee-owner').get<Member[]>(base());
    expect(status).toBe(200);
    // bo-guest (workspace guest without a project role) and gus-outsider are not listed.
    expect(body).toEqual([
      {
        id: id('ada-admin'),
        username: 'ada-admin',
        email: 'ada-admin@example.com',
        name: 'Ada Admin',
        workspace_role: 'admin',
        project_role: null,
        role: 'owner',
      },
      {
        id: id('cy-reader'),
        username: 'cy-reader',
        email: 'cy-reader@example.com',
        name: '',
        workspace_role: 'reader',
        project_role: null,
        role: 'reader',
      },
      {
        id: id('dee-owner'),
        username: 'dee-owner',
        email: 'dee-owner@example.com',
        name: '',
        workspace_role: 'guest',
        project_role: 'owner',
        role: 'owner',
      },
      {
        id: id('eve-editor'),
        username: 'eve-editor',
        email: 'eve-editor@example.com',
        name: '',
        workspace_role: 'guest',
        project_role: 'editor',
        role: 'editor',
      },
      {
        id: id('fay-viewer'),
        username: 'fay-viewer',
        email: 'fay-viewer@example.com',
        name: '',
        workspace_role: 'guest',
        project_role: 'reader',
        role: 'reader',
      },
    ]);
  });

  it('is for owners and workspace admins: others get 403, visitors 401, unknown projects 404', async () => {
    expect((await client('ada-admin').get(base())).status).toBe(200);
    const refused = await client('eve-editor').get(base());
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permissions for this project' },
    });
    expect((await client('gus-outsider').get(`/v2/projects/${publicId}/collaborators`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(base())).status).toBe(401);
    const unknown = await client('ada-admin').get(
      '/v2/projects/00000000-0000-4000-8000-000000000000/collaborators',
    );
    expect(unknown).toMatchObject({ status: 404, body: { detail: PROJECT_TEXTS.notFound } });
    expect((await client('ada-admin').get('/v2/projects/not-a-uuid/collaborators')).status).toBe(400);
  });
});

describe('POST /v2/projects/{id}/collaborators', () => {
  it('adds a user by username or e-mail with the role and answers the member (201)', async () => {
    const added = await client('dee-owner').post<Member>(base(), { user: 'gus-outsider', role: 'writer' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: id('gus-outsider'),
      username: 'gus-outsider',
      email: 'gus-outsider@example.com',
      name: '',
      workspace_role: 'guest',
      project_role: 'writer',
      role: 'writer',
    });
    const project = await client('gus-outsider').get<{ role: string }>('/v1/project/fieldteam/wetlands');
    expect(project).toMatchObject({ status: 200, body: { role: 'writer' } });

    const byEmail = await client('ada-admin').post<Member>(base(), {
      user: 'BO-GUEST@example.com',
      role: 'reader',
    });
    expect(byEmail).toMatchObject({ status: 201, body: { username: 'bo-guest', project_role: 'reader' } });
  });

  it("answers 409 'User is already a project member' and 404 for unknown or inactive users", async () => {
    const again = await client('dee-owner').post(base(), { user: 'eve-editor', role: 'owner' });
    expect(again).toMatchObject({ status: 409, body: { detail: 'User is already a project member' } });
    const project = await client('eve-editor').get<{ role: string }>('/v1/project/fieldteam/wetlands');
    expect(project.body.role).toBe('editor');

    for (const user of ['nobody-here', 'nobody@example.com', 'hal-idle']) {
      const missing = await client('dee-owner').post(base(), { user, role: 'reader' });
      expect({ user, ...missing }).toMatchObject({ user, status: 404, body: { detail: 'User not found' } });
    }
  });

  it('validates the body and refuses callers who may not share', async () => {
    const badRole = await client('dee-owner').post(base(), { user: 'cy-reader', role: 'boss' });
    expect(badRole.status).toBe(400);
    expect(String((badRole.body as { detail: string }).detail)).toContain('(role)');
    const noUser = await client('dee-owner').post(base(), { role: 'reader' });
    expect(noUser).toMatchObject({ status: 400, body: { detail: 'This field is required.(user)' } });
    const editor = await client('eve-editor').post(base(), { user: 'cy-reader', role: 'reader' });
    expect(editor).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permissions for this project' },
    });
  });
});

describe('PATCH and DELETE /v2/projects/{id}/collaborators/{user_id}', () => {
  it('changes a member role and answers the member', async () => {
    const changed = await client('dee-owner').request<Member>('PATCH', `${base()}/${id('eve-editor')}`, {
      role: 'writer',
    });
    expect(changed).toMatchObject({ status: 200, body: { username: 'eve-editor', project_role: 'writer' } });
    const project = await client('eve-editor').get<{ role: string }>('/v1/project/fieldteam/wetlands');
    expect(project.body.role).toBe('writer');
  });

  it('answers 404 for people who are not members, and nobody changes their own role', async () => {
    const outsider = await client('dee-owner').request('PATCH', `${base()}/${id('cy-reader')}`, {
      role: 'writer',
    });
    expect(outsider).toMatchObject({ status: 404, body: { detail: 'User is not a project member' } });
    const unknown = await client('dee-owner').request('DELETE', `${base()}/999999`);
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'User is not a project member' } });
    const own = await client('dee-owner').request('PATCH', `${base()}/${id('dee-owner')}`, {
      role: 'reader',
    });
    expect(own).toMatchObject({ status: 403, body: { detail: 'You cannot change your own project role' } });
  });

  it('keeps at least one owner', async () => {
    const demote = await client('ada-admin').request('PATCH', `${base()}/${id('dee-owner')}`, {
      role: 'writer',
    });
    expect(demote).toMatchObject({ status: 400, body: { detail: 'A project must keep at least one owner' } });
    const remove = await client('ada-admin').request('DELETE', `${base()}/${id('dee-owner')}`);
    expect(remove).toMatchObject({ status: 400, body: { detail: 'A project must keep at least one owner' } });

    // With a second owner the first one may go.
    await client('ada-admin').request('PATCH', `${base()}/${id('eve-editor')}`, { role: 'owner' });
    const removed = await client('ada-admin').request('DELETE', `${base()}/${id('dee-owner')}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBe('');
    const gone = await client('dee-owner').get('/v1/project/fieldteam/wetlands');
    expect(gone.status).toBe(403);
    const again = await client('ada-admin').request('DELETE', `${base()}/${id('dee-owner')}`);
    expect(again.status).toBe(404);
  });

  it('refuses callers who may not share, and visitors', async () => {
    const reader = await client('fay-viewer').request('DELETE', `${base()}/${id('gus-outsider')}`);
    expect(reader.status).toBe(403);
    const visitor = await new HttpClient(server.url).request('PATCH', `${base()}/${id('gus-outsider')}`, {
      role: 'reader',
    });
    expect(visitor.status).toBe(401);
    const members = await client('ada-admin').get<Member[]>(base());
    expect(members.body.find((m) => m.username === 'gus-outsider')?.project_role).toBe('writer');
  });
});

describe('GET /app/project/{id}/access', () => {
  it('lists the same people, each of type member, to anyone holding a role in the project', async () => {
    const collaborators = await client('ada-admin').get<Member[]>(`/v2/projects/${publicId}/collaborators`);
    const access = await client('fay-viewer').get<Array<Member & { type: string }>>(
      `/app/project/${publicId}/access`,
    );
    expect(access.status).toBe(200);
    expect(access.body).toEqual(collaborators.body.map((member) => ({ ...member, type: 'member' })));
    expect((await client('cy-reader').get(`/app/project/${projectId}/access`)).status).toBe(200);
  });

  it('is refused to people who can only read a public project, without naming anyone', async () => {
    const stranger = await client('gus-outsider').get(`/app/project/${publicId}/access`);
    expect(stranger).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permissions for this project' },
    });
    expect((await client('bo-guest').get(`/app/project/${publicId}/access`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`/app/project/${publicId}/access`)).status).toBe(401);
  });
});

describe('the share call (SPEC §7: save access by role, PUT /v1/project/{namespace}/{name})', () => {
  type Access = Record<'ownersnames' | 'writersnames' | 'editorsnames' | 'readersnames', string[]> & {
    public: boolean;
  };
  /** What the share dialog sends: the project's access as loaded, with the chosen users added to one role's list. */
  async function share(usernames: string[], list: keyof Omit<Access, 'public'>) {
    const { body } = await client('ada-admin').get<{ access: Access }>('/v1/project/fieldteam/open-map');
    const { ownersnames, writersnames, editorsnames, readersnames } = body.access;
    const access = { ownersnames, writersnames, editorsnames, readersnames, public: body.access.public };
    return client('ada-admin').request<Record<string, unknown>>('PUT', '/v1/project/fieldteam/open-map', {
      access: { ...access, [list]: [...access[list], ...usernames] },
    });
  }
  const rolesOf = async () =>
    Object.fromEntries(
      (await client('ada-admin').get<Member[]>(`/v2/projects/${publicId}/collaborators`)).body.map((m) => [
        m.username,
        m.project_role,
      ]),
    );

  it('adds the chosen users with the chosen role and keeps everyone else as they were', async () => {
    const before = await rolesOf();
    const shared = await share(['gus-outsider', 'bo-guest'], 'writersnames');
    expect(shared.status).toBe(200);
    expect(await rolesOf()).toEqual({ ...before, 'gus-outsider': 'writer', 'bo-guest': 'writer' });
  });

  it('answers 207 UpdateProjectAccessError naming unknown usernames, and adds the others', async () => {
    const before = await rolesOf();
    const partial = await share(['nobody-at-all', 'cy-reader'], 'editorsnames');
    expect(partial.status).toBe(207);
    expect(partial.body).toMatchObject({
      code: 'UpdateProjectAccessError',
      detail: 'Project access could not be updated (UpdateProjectAccessError)',
      invalid_usernames: ['nobody-at-all'],
    });
    expect(await rolesOf()).toEqual({ ...before, 'cy-reader': 'editor' });
    const nothing = await share(['nobody-at-all'], 'editorsnames');
    expect(nothing).toMatchObject({ status: 422, body: { invalid_usernames: ['nobody-at-all'] } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, sha1, startPush } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Who may push what (issue 11): editors collect features, so they push data and media but never add, change or
 * remove QGIS project files; writers push everything; readers nothing. Enforced at push start, before any upload.
 */

let server: TestServer;
const clients = new Map<string, HttpClient>();
const client = (name: string) => clients.get(name) ?? new HttpClient('');
const PROJECT = 'crew/survey';
const projectInfo = () =>
  client('writer1').get<{ version: string; files: Array<{ path: string }> }>(`/v1/project/${PROJECT}`);

beforeAll(async () => {
  server = await startTestServer();
  for (const username of ['boss', 'writer1', 'editor1', 'reader1', 'wseditor']) {
    await server.createUser({ username });
  }
  await server.context.workspaces.create({ name: 'crew' });
  await server.context.workspaces.addMember({ workspace: 'crew', login: 'boss', role: 'admin' });
  await server.context.workspaces.addMember({ workspace: 'crew', login: 'wseditor', role: 'editor' });
  const { id } = await server.createProject('boss', 'crew', 'survey');
  for (const [username, role] of [
    ['writer1', 'writer'],
    ['editor1', 'editor'],
    ['reader1', 'reader'],
  ] as const) {
    const user = await server.repos.users.findByUsername(username);
    await server.repos.projects.setMember(id, user?.id ?? 0, role);
  }
  for (const username of ['writer1', 'editor1', 'reader1', 'wseditor']) {
    const http = new HttpClient(server.url);
    await http.login(username, TEST_PASSWORD);
    clients.set(username, http);
  }
  await push(client('writer1'), PROJECT, {
    version: 'v0',
    added: [
      { path: 'survey.qgz', content: 'qgis project' },
      { path: 'legacy/map.qgs', content: '<qgis/>' },
      { path: 'data.gpkg', content: 'SQLite format 3\u0000 first' },
    ],
  });
});
afterAll(() => server.close());

describe('pushes by editors', () => {
  it('may add and update data and media files, through the whole protocol', async () => {
    const finished = await push(client('editor1'), PROJECT, {
      version: 'v1',
      added: [{ path: 'photos/tree.jpg', content: 'jpeg bytes' }],
      updated: [{ path: 'data.gpkg', content: 'SQLite format 3\u0000 second' }],
    });
    expect(finished.status).toBe(200);
    expect((await projectInfo()).body.version).toBe('v2');
  });

  it('may remove data files, and workspace editors count as editors', async () => {
    const removed = await push(client('wseditor'), PROJECT, {
      version: 'v2',
      removed: [{ path: 'photos/tree.jpg' }],
    });
    expect(removed.status).toBe(200);
    expect((await projectInfo()).body.version).toBe('v3');
  });

  it('are refused with 403 naming the QGIS project file, whether added, updated or removed', async () => {
    const attempts = [
      {
        added: [
          { path: 'notes.txt', content: 'a' },
          { path: 'new/Project.QGS', content: '<qgis/>' },
        ],
      },
      { updated: [{ path: 'survey.qgz', content: 'changed project' }] },
      { removed: [{ path: 'legacy/map.qgs' }] },
    ];
    const refusals = [];
    for (const [index, plan] of attempts.entries()) {
      const { response } = await startPush(client(index === 2 ? 'wseditor' : 'editor1'), PROJECT, {
        version: 'v3',
        ...plan,
      });
      refusals.push({ status: response.status, body: response.body });
    }
    // Starts with the reference's text, which the Mergin clients match.
    const detail = (path: string) =>
      `You do not have permissions for this project: editors may only change data and media files, not the QGIS project file '${path}'`;
    expect(refusals).toMatchObject([
      { status: 403, body: { detail: detail('new/Project.QGS') } },
      { status: 403, body: { detail: detail('survey.qgz') } },
      { status: 403, body: { detail: detail('legacy/map.qgs') } },
    ]);
    // Nothing was started: no version, no lock held (a writer pushes at once).
    const info = await projectInfo();
    expect(info.body.version).toBe('v3');
    expect(info.body.files.map((file) => file.path).sort()).toEqual([
      'data.gpkg',
      'legacy/map.qgs',
      'survey.qgz',
    ]);
  });
});

describe('pushes by writers and readers', () => {
  it('writers change QGIS project files', async () => {
    const finished = await push(client('writer1'), PROJECT, {
      version: 'v3',
      updated: [{ path: 'survey.qgz', content: 'new project' }],
      removed: [{ path: 'legacy/map.qgs' }],
    });
    expect(finished.status).toBe(200);
    const files = (await projectInfo()).body.files as Array<{ path: string; checksum: string }>;
    expect(files.find((file) => file.path === 'survey.qgz')?.checksum).toBe(sha1('new project'));
  });

  it('readers push nothing', async () => {
    const { response } = await startPush(client('reader1'), PROJECT, {
      version: 'v4',
      added: [{ path: 'photo.jpg', content: 'x' }],
    });
    expect(response).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permissions for this project' },
    });
  });
});

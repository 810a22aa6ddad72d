import { createHash } from 'node:crypto';
import { MAX_FILES_PER_PUSH } from '@waymark/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs, fileHistory, projectFiles, projectVersions } from '../src/db/schema.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Project = {
  id: string;
  name: string;
  namespace: string;
  version: string;
  disk_usage: number;
  files: Array<{ path: string; checksum: string }>;
};

let server: TestServer;
let cleo: HttpClient;
let dave: HttpClient;
let sourceBlobs: string[];

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'cleo' });
  await server.createUser({ username: 'dave' });
  await server.context.workspaces.create({ name: 'Archive', storage: 1000 });
  await server.context.workspaces.addMember({ workspace: 'Archive', login: 'cleo', role: 'admin' });
  await server.context.workspaces.create({ name: 'Tiny', storage: 100 });
  await server.context.workspaces.addMember({ workspace: 'Tiny', login: 'cleo', role: 'owner' });
  const project = await server.createProject('cleo', 'cleo', 'rivers', { isPublic: true });
  sourceBlobs = await server.seedFiles(project.id, [
    { path: 'rivers.gpkg', content: 'g'.repeat(120) },
    { path: 'project.qgs', content: '<qgis/>' },
  ]);
  cleo = new HttpClient(server.url);
  await cleo.login('cleo', TEST_PASSWORD);
  dave = new HttpClient(server.url);
  await dave.login('dave', TEST_PASSWORD);
});
afterAll(() => server.close());

const blobCount = async () => (await server.database.db.select({ n: count() }).from(blobs))[0]?.n;

describe('POST /v1/project/clone/{namespace}/{name}', () => {
  it('copies the latest files into v1 of a new project in another workspace, sharing the blobs', async () => {
    const blobsBefore = await blobCount();
    const response = await cleo.post('/v1/project/clone/cleo/rivers', {
      namespace: 'Archive',
      project: 'rivers-2026',
    });
    expect(response.status).toBe(200);
    const clone = (await cleo.get<Project>('/v1/project/Archive/rivers-2026')).body;
    const source = (await cleo.get<Project>('/v1/project/cleo/rivers')).body;
    expect(clone).toMatchObject({ version: 'v1', disk_usage: 127, namespace: 'Archive', role: 'owner' });
    expect(clone.files.map((f) => [f.path, f.checksum])).toEqual(
      source.files.map((f) => [f.path, f.checksum]),
    );
    expect(await blobCount()).toBe(blobsBefore);
    const cloneId = clone.id;
    const referenced = await server.database.db
      .select({ blob: projectFiles.blobSha256 })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, cloneId));
    expect(referenced.map((r) => r.blob).sort()).toEqual([...sourceBlobs].sort());
    expect(clone).toMatchObject({ tags: ['valid_qgis', 'input_use'] });
  });

  it('defaults to the source workspace and name, which then clash', async () => {
    for (const body of [{}, null, undefined]) {
      const response = await cleo.post('/v1/project/clone/cleo/rivers', body);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ detail: 'Project with the same name already exists' });
    }
  });

  it('lets a reader of a public project clone it into their own workspace', async () => {
    const response = await dave.post('/v1/project/clone/cleo/rivers', {
      namespace: 'dave',
      project: 'my-rivers',
    });
    expect(response.status).toBe(200);
    expect((await dave.get<Project>('/v1/project/dave/my-rivers')).body.version).toBe('v1');
  });

  it('needs the admin role in the destination workspace', async () => {
    const response = await dave.post('/v1/project/clone/cleo/rivers', {
      namespace: 'Archive',
      project: 'x-rivers',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ detail: 'You do not have permissions for this workspace' });
  });

  it('refuses empty and invalid names, unknown workspaces', async () => {
    expect(
      (await cleo.post('/v1/project/clone/cleo/rivers', { namespace: 'Archive', project: '  ' })).body,
    ).toMatchObject({
      detail: 'Project name cannot be empty',
    });
    expect(
      (await cleo.post('/v1/project/clone/cleo/rivers', { namespace: 'Archive', project: 'a/b' })).status,
    ).toBe(400);
    const missing = await cleo.post('/v1/project/clone/cleo/rivers', { namespace: 'Nowhere', project: 'r2' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: 'Workspace does not exist' });
  });

  it('answers 422 StorageLimitHit when the clone would exceed the quota', async () => {
    const response = await cleo.post('/v1/project/clone/cleo/rivers', {
      namespace: 'Tiny',
      project: 'too-big',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'StorageLimitHit',
      detail: 'You have reached a data limit (StorageLimitHit)',
      current_usage: 0,
      storage_limit: 100,
    });
    expect((await cleo.get('/v1/project/Tiny/too-big')).status).toBe(404);
  });

  it('keeps private projects private: strangers get 403', async () => {
    await server.createProject('cleo', 'cleo', 'hidden');
    const response = await dave.post('/v1/project/clone/cleo/hidden', { namespace: 'dave' });
    expect(response.status).toBe(403);
  });
});

describe('cloning a project of many files', () => {
  it('copies every file, more than one INSERT statement can carry parameters for', async () => {
    // As many files as one push may bring (10,000), all with the content of rivers.gpkg. Arranged below the
    // services, a thousand rows per statement; every file row needs 8 parameters, and one statement carries at
    // most 65,535, which the clone used to exceed with a 500.
    const project = await server.createProject('cleo', 'cleo', 'photos');
    const content = 'g'.repeat(120);
    const file = {
      size: content.length,
      checksum: createHash('sha1').update(content).digest('hex'),
      blobSha256: sourceBlobs[0] ?? '',
    };
    const paths = Array.from({ length: MAX_FILES_PER_PUSH }, (_, i) => `photos/${i}.jpg`);
    const db = server.database.db;
    const [version] = await db
      .insert(projectVersions)
      .values({ projectId: project.id, number: 1, added: paths.length })
      .returning();
    for (let start = 0; start < paths.length; start += 1_000) {
      const history = await db
        .insert(fileHistory)
        .values(
          paths.slice(start, start + 1_000).map((path) => ({
            projectId: project.id,
            versionId: version?.id ?? 0,
            versionNumber: 1,
            path,
            change: 'create' as const,
            ...file,
          })),
        )
        .returning({ id: fileHistory.id, path: fileHistory.path });
      await db.insert(projectFiles).values(
        history.map((row) => ({
          projectId: project.id,
          historyId: row.id,
          path: row.path,
          mtime: new Date(),
          ...file,
        })),
      );
    }
    await server.repos.projects.update(project.id, {
      latestVersion: 1,
      diskUsage: paths.length * file.size,
    });

    const response = await cleo.post('/v1/project/clone/cleo/photos', { project: 'photos-copy' });
    expect(response.status).toBe(200);
    const clone = (await cleo.get<Project>('/v1/project/cleo/photos-copy')).body;
    expect(clone).toMatchObject({ version: 'v1', disk_usage: paths.length * file.size });
    expect(clone.files).toHaveLength(paths.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';
import { unzipText } from './zip-entries.ts';

let server: TestServer;
let owner: HttpClient;
let anonymous: HttpClient;
let blobHashes: string[];

const FILES = [
  { path: 'survey.gpkg', content: 'SQLite format 3\u0000 pretend geopackage' },
  { path: 'photos/tree 1.jpg', content: 'jpeg bytes' },
  { path: 'projekt ü.qgs', content: '<qgis version="3.34"/>' },
];

const unzip = unzipText;

async function download(client: HttpClient, query = '') {
  const headers: Record<string, string> = {};
  const response = await fetch(`${server.url}/v1/project/download/owen/field-data${query}`, {
    headers: client === owner ? { cookie: `session=${owner.cookie('session')}`, ...headers } : headers,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'owen' });
  const project = await server.createProject('owen', 'owen', 'field-data');
  blobHashes = await server.seedFiles(project.id, FILES);
  owner = new HttpClient(server.url);
  await owner.login('owen', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

describe('GET /v1/project/download/{namespace}/{name}', () => {
  it('streams a zip of the latest files with their paths and bytes', async () => {
    const response = await download(owner, '?format=zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="field-data-v1.zip"; filename*=UTF-8''field-data-v1.zip`,
    );
    expect(await unzip(response.body)).toEqual(Object.fromEntries(FILES.map((f) => [f.path, f.content])));
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
  });

  it('serves a given version, including the empty v0', async () => {
    expect(await unzip((await download(owner, '?format=zip&version=v1')).body)).toHaveProperty([
      'survey.gpkg',
    ]);
    const empty = await download(owner, '?version=v0');
    expect(empty.status).toBe(200);
    expect(await unzip(empty.body)).toEqual({});
  });

  it('refuses unknown versions and formats with a detail', async () => {
    const cases: Array<[string, number, string]> = [
      ['?version=v7', 404, 'Project version does not exist'],
      ['?version=latest', 400, 'Invalid version'],
      ['?format=tar', 400, 'Only the zip format is supported(format)'],
    ];
    for (const [query, status, detail] of cases) {
      const response = await download(owner, query);
      expect({ query, status: response.status, body: JSON.parse(response.body.toString()) }).toMatchObject({
        query,
        status,
        body: { detail },
      });
    }
  });

  it('keeps private projects private and opens public ones to visitors', async () => {
    expect((await download(anonymous)).status).toBe(403);
    const project = await server.repos.projects.findByPath('owen', 'field-data');
    await server.repos.projects.update(project?.project.id ?? '', { public: true });
    expect((await download(anonymous)).status).toBe(200);
  });

  it('streams whole zips of many files (a central directory over 64 KiB)', async () => {
    const project = await server.createProject('owen', 'owen', 'many-files');
    const files = Array.from({ length: 1200 }, (_, i) => ({
      path: `photos/${String(i % 12).padStart(2, '0')}/a-rather-long-photo-name-${i}.jpg`,
      content: `photo ${i}`,
    }));
    await server.seedFiles(project.id, files);
    const response = await fetch(`${server.url}/v1/project/download/owen/many-files`, {
      headers: { cookie: `session=${owner.cookie('session')}` },
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    const entries = await unzip(body);
    expect(Object.keys(entries)).toHaveLength(1200);
    expect(entries['photos/05/a-rather-long-photo-name-17.jpg']).toBe('photo 17');
  });

  it('answers with a clear error, not a broken zip, when stored bytes are missing', async () => {
    await server.context.blobs.delete(blobHashes[1] ?? '');
    const response = await download(owner);
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body.toString())).toMatchObject({
      detail: 'Files of this project are missing on the server: photos/tree 1.jpg',
    });
  });
});

import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ARCHIVE_TEXTS, ERROR_TEXTS, MAX_ARCHIVE_FILES } from '@waymark/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileHistory, projectArchives } from '../src/db/schema.ts';
import { archiveJob } from '../src/jobs/jobs.ts';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';
import { unzipText } from './zip-entries.ts';

/**
 * POST/GET /app/projects/{id}/download: zips of a version's files, whole or chosen, prepared by the
 * `project-archive` job. The queue is not started here: each test runs the job itself, so every state between
 * the request and the zip can be looked at.
 */

const FILES = [
  { path: 'survey.gpkg', content: 'SQLite format 3\u0000 pretend geopackage' },
  { path: 'photos/tree 1.jpg', content: 'jpeg bytes' },
  { path: 'photos/tree 2.jpg', content: 'more jpeg bytes' },
  { path: 'projekt ü.qgs', content: '<qgis version="3.34"/>' },
];
const size = (paths: string[]) =>
  FILES.filter((f) => paths.includes(f.path)).reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let projectId: string;
let base: string;

/** Runs the job for every zip still being prepared, as the queue would. */
async function runJobs(): Promise<void> {
  const job = archiveJob(server.context);
  const waiting = await server.database.db
    .select({ id: projectArchives.id })
    .from(projectArchives)
    .where(eq(projectArchives.status, 'preparing'));
  for (const { id } of waiting) await job.run({ archiveId: id }, { retryCount: 0, last: true });
}

async function fetchZip(client: HttpClient, url: string) {
  const response = await fetch(`${server.url}${url}`, {
    headers: { cookie: `session=${client.cookie('session') ?? ''}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

function expectProblem(response: HttpResponse, status: number, detail: string | RegExp) {
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status,
    type: 'application/problem+json',
  });
  expect((response.body as { detail: string }).detail).toMatch(detail);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'owen' });
  await server.createUser({ username: 'samuel' });
  const project = await server.createProject('owen', 'owen', 'field-data');
  projectId = project.id;
  base = `/app/projects/${projectId}/download`;
  await server.seedFiles(projectId, FILES);
  owner = new HttpClient(server.url);
  await owner.login('owen', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('samuel', TEST_PASSWORD);
});
afterAll(() => server.close());

describe('a zip of every file of a version (the reference)', () => {
  it('POST starts it (201), GET answers 202 with its progress, then the zip; POST again is 204', async () => {
    const started = await owner.post(base);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      detail: ARCHIVE_TEXTS.started,
      total_bytes: size(FILES.map((f) => f.path)),
      done_bytes: 0,
    });
    expect(started.headers.get('location')).toBe(`${base}?version=v1`);
    const waiting = await owner.get(`${base}?version=v1`);
    expect({ status: waiting.status, body: waiting.body }).toEqual({
      status: 202,
      body: { detail: ARCHIVE_TEXTS.preparing, total_bytes: size(FILES.map((f) => f.path)), done_bytes: 0 },
    });
    expect((await owner.post(base)).status).toBe(204);

    await runJobs();
    const zip = await fetchZip(owner, `${base}?version=v1`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe(
      `attachment; filename="field-data-v1.zip"; filename*=UTF-8''field-data-v1.zip`,
    );
    expect(Number(zip.headers.get('content-length'))).toBe(zip.body.length);
    expect(await unzipText(zip.body)).toEqual(Object.fromEntries(FILES.map((f) => [f.path, f.content])));
    // Without a version: the latest, the same zip.
    expect((await fetchZip(owner, base)).body.equals(zip.body)).toBe(true);
    const again = await owner.post(`${base}?version=v1`);
    expect({ status: again.status, location: again.headers.get('location') }).toEqual({
      status: 204,
      location: `${base}?version=v1`,
    });
  });

  it('GET of a version nobody asked for answers 202, as the reference does', async () => {
    const response = await owner.get(`${base}?version=v0`);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 202,
      body: { detail: ARCHIVE_TEXTS.preparing, total_bytes: 0, done_bytes: 0 },
    });
  });
});

describe('a zip of chosen files', () => {
  it('holds exactly the chosen files; the Location names it; the same choice in any order is the same zip', async () => {
    const chosen = ['survey.gpkg', 'photos/tree 1.jpg'];
    const started = await owner.post(`${base}?version=v1`, { files: chosen });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ total_bytes: size(chosen) });
    const location = started.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${base}\\?version=v1&selection=[0-9a-f]{64}$`));
    expect((await owner.get(location)).status).toBe(202);
    const reordered = await owner.post(base, { files: [...chosen].reverse().concat(chosen[0] ?? '') });
    expect({ status: reordered.status, location: reordered.headers.get('location') }).toEqual({
      status: 204,
      location,
    });

    await runJobs();
    const zip = await fetchZip(owner, location);
    expect(zip.status).toBe(200);
    expect(await unzipText(zip.body)).toEqual({
      'survey.gpkg': FILES[0]?.content,
      'photos/tree 1.jpg': FILES[1]?.content,
    });
  });

  it('refuses bad choices with 400 and a detail, before any work', async () => {
    expectProblem(
      await owner.post(base, { files: ['survey.gpkg', 'none.txt'] }),
      400,
      ARCHIVE_TEXTS.fileMissing('none.txt', 'v1'),
    );
    expectProblem(
      await owner.post(base, { files: ['photos'] }),
      400,
      ARCHIVE_TEXTS.fileMissing('photos', 'v1'),
    );
    expectProblem(await owner.post(base, { files: [] }), 400, 'At least one file is required');
    const many = Array.from({ length: MAX_ARCHIVE_FILES + 1 }, (_, i) => `f${i}.txt`);
    expectProblem(
      await owner.post(base, { files: many }),
      400,
      `Too many files: at most ${MAX_ARCHIVE_FILES} are allowed.`,
    );
    expectProblem(await owner.post(base, { files: 'survey.gpkg' }), 400, /files/);
    expectProblem(await owner.post(`${base}?version=x1`, { files: ['survey.gpkg'] }), 400, 'Invalid version');
    expectProblem(
      await owner.post(`${base}?version=v9`, { files: ['survey.gpkg'] }),
      404,
      ARCHIVE_TEXTS.versionMissing,
    );
    expectProblem(await owner.get(`${base}?version=v9`), 404, ARCHIVE_TEXTS.versionMissing);
    expectProblem(await owner.get(`${base}?selection=nothex`), 400, 'Invalid selection');
    expectProblem(await owner.get(`${base}?selection=${'a'.repeat(64)}`), 404, ARCHIVE_TEXTS.notRequested);
    expectProblem(await owner.post('/app/projects/not-a-uuid/download'), 400, 'Invalid project id');
    expectProblem(
      await owner.post('/app/projects/00000000-0000-0000-0000-000000000000/download'),
      404,
      ERROR_TEXTS.urlNotFound,
    );
    const rows = await server.database.db.select().from(projectArchives);
    expect(rows.every((row) => row.status !== 'failed')).toBe(true);
  });

  it('refuses more than 10 GB in one zip', async () => {
    const big = await server.createProject('owen', 'owen', 'big-data');
    await server.seedFiles(big.id, [{ path: 'ortho.tif', content: 'tiff' }]);
    await server.database.db
      .update(fileHistory)
      .set({ size: 10 * 1024 ** 3 + 1 })
      .where(eq(fileHistory.projectId, big.id));
    expectProblem(await owner.post(`/app/projects/${big.id}/download`), 400, ARCHIVE_TEXTS.tooLarge);
    expectProblem(
      await owner.post(`/app/projects/${big.id}/download`, { files: ['ortho.tif'] }),
      400,
      ARCHIVE_TEXTS.tooLarge,
    );
  });

  it('is for those who may download the project: others get 403, visitors of a public project may', async () => {
    expectProblem(await stranger.post(base, { files: ['survey.gpkg'] }), 403, /permission/i);
    expectProblem(await stranger.get(base), 403, /permission/i);
    expectProblem(await new HttpClient(server.url).post(base), 403, /permission/i);
    const open = await server.createProject('owen', 'owen', 'open-data', { isPublic: true });
    await server.seedFiles(open.id, [{ path: 'a.txt', content: 'a' }]);
    const visitor = new HttpClient(server.url);
    expect((await visitor.post(`/app/projects/${open.id}/download`, { files: ['a.txt'] })).status).toBe(201);
  });
});

describe('failures, take-overs and expiry', () => {
  it('a zip that cannot be prepared answers 422 with the reason; asking again starts it again', async () => {
    const broken = await server.createProject('owen', 'owen', 'broken');
    const [hash] = await server.seedFiles(broken.id, [{ path: 'lost.txt', content: 'only in the database' }]);
    await server.context.blobs.delete(hash ?? '');
    const url = `/app/projects/${broken.id}/download`;
    expect((await owner.post(url)).status).toBe(201);
    await runJobs();
    expectProblem(await owner.get(url), 422, ARCHIVE_TEXTS.failed(ARCHIVE_TEXTS.filesMissing));
    expect((await owner.post(url)).status).toBe(201);
    expect((await owner.get(url)).status).toBe(202);
  });

  it('a run that stopped is taken over once it is stale, and housekeeping sends its job again', async () => {
    const chosen = ['photos/tree 2.jpg'];
    const started = await owner.post(base, { files: chosen });
    const location = started.headers.get('location') ?? '';
    const row = (await server.database.db.select().from(projectArchives)).find(
      (archive) => archive.paths?.[0] === chosen[0],
    );
    // Another run holds it and is alive: the job leaves it alone.
    await server.repos.archives.claim(row?.id ?? '', '00000000-0000-4000-8000-000000000001', new Date());
    await runJobs();
    expect((await owner.get(location)).status).toBe(202);
    expect((await owner.post(base, { files: chosen })).status).toBe(204);
    // Ten minutes of silence: housekeeping finds it, and the next run (or request) takes it over.
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect((await runHousekeeping(server.context, later)).resentArchives).toBeGreaterThanOrEqual(1);
    await server.database.db
      .update(projectArchives)
      .set({ heartbeatAt: sql`now() - interval '11 minutes'` })
      .where(eq(projectArchives.id, row?.id ?? ''));
    await runJobs();
    const zip = await fetchZip(owner, location);
    expect(await unzipText(zip.body)).toEqual({ 'photos/tree 2.jpg': FILES[2]?.content });
  });

  it('housekeeping removes zips unused for a day, with their rows; a later GET tells to ask again', async () => {
    const started = await owner.post(base, { files: ['projekt ü.qgs'] });
    const location = started.headers.get('location') ?? '';
    await runJobs();
    expect((await fetchZip(owner, location)).status).toBe(200);
    const folder = path.join(server.dataDir, 'archives');
    const before = readdirSync(folder).length;
    expect(before).toBeGreaterThan(0);

    const result = await runHousekeeping(server.context, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(result.expiredArchives).toBeGreaterThanOrEqual(before);
    expect(readdirSync(folder)).toEqual([]);
    expect(await server.database.db.select().from(projectArchives)).toEqual([]);
    expectProblem(await owner.get(location), 404, ARCHIVE_TEXTS.notRequested);
    expect((await owner.post(base, { files: ['projekt ü.qgs'] })).status).toBe(201);
  });

  it('a zip whose file was lost is prepared again when asked for', async () => {
    await runJobs();
    const [row] = await server.database.db
      .select()
      .from(projectArchives)
      .where(eq(projectArchives.status, 'ready'));
    const file = path.join(server.dataDir, 'archives', `${row?.id ?? ''}.zip`);
    expect(existsSync(file)).toBe(true);
    rmSync(file);
    expect((await owner.post(base, { files: ['projekt ü.qgs'] })).status).toBe(201);
    await runJobs();
    expect(existsSync(file)).toBe(true);
  });
});

describe('through the job queue', () => {
  it('the queue prepares the zip by itself after the POST', async () => {
    const queued = await startTestServer({}, { jobs: true });
    try {
      await queued.createUser({ username: 'quinn' });
      const project = await queued.createProject('quinn', 'quinn', 'queued');
      await queued.seedFiles(project.id, FILES);
      const client = new HttpClient(queued.url);
      await client.login('quinn', TEST_PASSWORD);
      const started = await client.post(`/app/projects/${project.id}/download`, { files: ['survey.gpkg'] });
      expect(started.status).toBe(201);
      const location = started.headers.get('location') ?? '';
      let status = 202;
      for (let tries = 0; status === 202 && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await client.get(location)).status;
      }
      const response = await fetch(`${queued.url}${location}`, {
        headers: { cookie: `session=${client.cookie('session') ?? ''}` },
      });
      expect(response.status).toBe(200);
      expect(await unzipText(Buffer.from(await response.arrayBuffer()))).toEqual({
        'survey.gpkg': FILES[0]?.content,
      });
    } finally {
      await queued.close();
    }
  }, 60_000);
});

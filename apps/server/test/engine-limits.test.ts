import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectDetail } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burningTriggerCase, type CostlyCase, unindexedForeignKeyCase } from './costly-gpkg.ts';
import { gpkgRows } from './gpkg-rows.ts';
import { HttpClient } from './http-client.ts';
import { push, pushDiff, sha1 } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * One GeoPackage cannot stall the changeset engine for everyone (issue 22 §3): a file's own triggers do not run
 * even when named like GDAL's, a push whose changeset takes too long to apply is refused at the time limit with
 * nothing committed, and another user's push started right after it completes within a bound. One engine thread
 * (the default on two cores) and a 2 s limit.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));
const LIMIT_SECONDS = 2;

let server: TestServer;
let costly: CostlyCase;
let burning: CostlyCase;
/** base.gpkg → modified.gpkg, the ordinary change. */
let ordinaryChangeset: Buffer;
const clients = new Map<string, HttpClient>();

async function signIn(username: string): Promise<HttpClient> {
  await server.createUser({ username });
  const client = new HttpClient(server.url);
  const login = await client.post<{ session: { token: string } }>('/v1/auth/login', {
    login: username,
    password: TEST_PASSWORD,
  });
  client.bearer = login.body.session.token;
  clients.set(username, client);
  return client;
}

/** A project of `owner` with `data.gpkg` at v1. */
async function projectWith(owner: string, name: string, content: Buffer): Promise<string> {
  await server.createProject(owner, owner, name);
  await push(clients.get(owner)!, `${owner}/${name}`, {
    version: 'v0',
    added: [{ path: 'data.gpkg', content }],
  });
  return `${owner}/${name}`;
}

beforeAll(async () => {
  costly = unindexedForeignKeyCase();
  burning = burningTriggerCase();
  const { diff } = await import('@waymark/gpkg-diff');
  const work = path.dirname(costly.files.base);
  writeFileSync(path.join(work, 'ordinary-base.gpkg'), BASE);
  writeFileSync(path.join(work, 'ordinary-modified.gpkg'), MODIFIED);
  diff(
    path.join(work, 'ordinary-base.gpkg'),
    path.join(work, 'ordinary-modified.gpkg'),
    path.join(work, 'ordinary.diff'),
  );
  ordinaryChangeset = readFileSync(path.join(work, 'ordinary.diff'));
  server = await startTestServer({ WORKER_THREADS: '1', ENGINE_TASK_TIMEOUT_SECONDS: String(LIMIT_SECONDS) });
  await signIn('mallory');
  await signIn('olga');
});
afterAll(async () => {
  await server.close();
  costly.remove();
  burning.remove();
});

const info = async (client: HttpClient, project: string) =>
  (await client.get<ProjectDetail>(`/v1/project/${project}`)).body;

describe('one GeoPackage cannot stall the changeset engine', { timeout: 180_000 }, () => {
  it('does not run a trigger named like GDAL’s (gpkg_burn, a triple cross join): the diff push applies at once', async () => {
    const mallory = clients.get('mallory')!;
    const project = await projectWith('mallory', 'burning', burning.base);
    const { response } = await pushDiff(mallory, project, {
      version: 'v1',
      path: 'data.gpkg',
      base: burning.base,
      changeset: burning.changeset,
      fullSize: burning.modified.length,
    });
    // Run, the trigger would take minutes and the push would be refused at the 2 s limit.
    expect(response.status).toBe(200);
    const stored = await fetch(`${server.url}/v1/project/raw/${project}?file=data.gpkg&version=v2`, {
      headers: { Authorization: `Bearer ${mallory.bearer}` },
    });
    const file = path.join(path.dirname(burning.files.base), 'stored.gpkg');
    writeFileSync(file, Buffer.from(await stored.arrayBuffer()));
    expect(gpkgRows(file)).toEqual(gpkgRows(burning.files.modified));
  });

  it('refuses a push whose changeset takes too long with 422 (nothing committed), while another user’s push started right after completes', async () => {
    const mallory = clients.get('mallory')!;
    const olga = clients.get('olga')!;
    const hostileProject = await projectWith('mallory', 'heavy', costly.base);
    const ordinaryProject = await projectWith('olga', 'survey', BASE);
    const before = await info(mallory, hostileProject);
    const blobTemp = path.join(server.dataDir, 'blobs', 'tmp');
    const tempBefore = readdirSync(blobTemp);

    const hostile = pushDiff(mallory, hostileProject, {
      version: 'v1',
      path: 'data.gpkg',
      base: costly.base,
      changeset: costly.changeset,
      fullSize: costly.modified.length,
    });
    // The hostile changeset is in the engine (its apply alone takes about 25 s) when the ordinary push starts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const since = Date.now();
    const ordinary = await pushDiff(olga, ordinaryProject, {
      version: 'v1',
      path: 'data.gpkg',
      base: BASE,
      changeset: ordinaryChangeset,
      fullSize: MODIFIED.length,
    });
    const ordinarySeconds = (Date.now() - since) / 1000;
    expect(ordinary.response.status).toBe(200);
    // At most the rest of the hostile apply's time limit, a new engine thread and its own work (about 0.1 s),
    // with room for a loaded machine; without the limit it waits for the whole hostile apply (25 s or more).
    expect(ordinarySeconds).toBeLessThan(LIMIT_SECONDS + 10);

    const refused = (await hostile).response;
    expect(refused).toMatchObject({
      status: 422,
      body: {
        detail:
          'Failed to create new version: data.gpkg error=sync error: Applying the changeset took too long',
      },
    });
    // Nothing committed, the transaction is gone (the next push starts), no rebuilt file left behind.
    const after = await info(mallory, hostileProject);
    expect({ version: after.version, files: after.files }).toEqual({
      version: before.version,
      files: before.files,
    });
    expect((await info(olga, ordinaryProject)).version).toBe('v2');
    for (let tries = 0; tries < 50 && readdirSync(blobTemp).length > tempBefore.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readdirSync(blobTemp)).toEqual(tempBefore);
    await push(mallory, hostileProject, {
      version: 'v1',
      added: [{ path: 'notes.txt', content: 'after the refusal' }],
    });
    expect((await info(mallory, hostileProject)).files.map((file) => file.checksum)).toContain(
      sha1('after the refusal'),
    );
  });
});

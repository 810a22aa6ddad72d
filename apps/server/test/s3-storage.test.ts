import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { ProjectDetail } from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/config.ts';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { gpkgRows } from './gpkg-rows.ts';
import { HttpClient } from './http-client.ts';
import { push, pushDiff, sha1 } from './push-helper.ts';
import { type S3TestServer, startS3Server } from './s3-server.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The real server with BLOB_STORE=s3 against s3rver on loopback: a v1 push (a file of one chunk, one of many
 * chunks above the multipart size, a GeoPackage), raw downloads whole and by Range, the zip download, a
 * plugin-style GeoPackage diff push (the engine reads its base from a temporary copy), and housekeeping
 * deleting the bytes no project refers to any more. Every byte checked by SHA-1.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));
const LARGE = randomBytes(9 * 1024 * 1024 + 321);
const NOTES = Buffer.from('field notes, kept in S3');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const keyOf = (data: Buffer) => {
  const hash = sha256(data);
  return `waymark/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
};

let s3: S3TestServer;
let settings: S3Settings;
let server: TestServer;
let api: HttpClient;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-s3-e2e-'));
  s3 = await startS3Server();
  settings = await s3.bucket('waymark/');
  server = await startTestServer(s3.env(settings));
  await server.createUser({ username: 'samuel' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'samuel',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

const raw = async (project: string, query: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/v1/project/raw/${project}?${query}`, {
    headers: { Authorization: `Bearer ${api.bearer}`, ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
};

/** Each entry's name and SHA-1. */
function unzipSha1s(body: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const hash = createHash('sha1');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('end', () => {
            entries[entry.fileName] = hash.digest('hex');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('a server keeping its blobs in S3', () => {
  const project = 'samuel/field-survey';
  let projectId = '';

  it('stores a push in the bucket under the content-addressed names, nothing in the data folder', async () => {
    projectId = (await server.createProject('samuel', 'samuel', 'field-survey')).id;
    const pushed = await push(api, project, {
      version: 'v0',
      added: [
        { path: 'survey.gpkg', content: BASE },
        { path: 'photos/large.bin', content: LARGE },
        { path: 'notes.txt', content: NOTES },
      ],
      chunkSize: 4 * 1024 * 1024,
    });
    expect((pushed.body as ProjectDetail).version).toBe('v1');
    expect(await bucketKeys()).toEqual([BASE, LARGE, NOTES].map(keyOf).sort());
    expect(existsSync(path.join(server.dataDir, 'blobs'))).toBe(false);
    expect(readdirSync(path.join(server.dataDir, 's3-staging'))).toEqual([]);
  });

  it('serves raw files whole and by Range from S3', async () => {
    const whole = await raw(project, 'file=photos/large.bin');
    expect(whole.status).toBe(200);
    expect(sha1(whole.body)).toBe(sha1(LARGE));
    const start = 8 * 1024 * 1024 - 10;
    const ranged = await raw(project, 'file=photos/large.bin', { Range: `bytes=${start}-${start + 4095}` });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${start + 4095}/${LARGE.length}`);
    expect(sha1(ranged.body)).toBe(sha1(LARGE.subarray(start, start + 4096)));
    const first = await raw(project, 'file=notes.txt', { Range: 'bytes=0-0' });
    expect(first.status).toBe(206);
    expect(first.body.toString()).toBe('f');
  });

  it('streams the zip download from S3', async () => {
    const response = await fetch(`${server.url}/v1/project/download/${project}?format=zip`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(await unzipSha1s(body)).toEqual({
      'survey.gpkg': sha1(BASE),
      'photos/large.bin': sha1(LARGE),
      'notes.txt': sha1(NOTES),
    });
  });

  it('applies a GeoPackage diff push to the base it copies from S3, and stores the result there', async () => {
    writeFileSync(path.join(work, 'base.gpkg'), BASE);
    writeFileSync(path.join(work, 'modified.gpkg'), MODIFIED);
    diff(path.join(work, 'base.gpkg'), path.join(work, 'modified.gpkg'), path.join(work, 'change.diff'));
    const changeset = readFileSync(path.join(work, 'change.diff'));
    const { response } = await pushDiff(api, project, {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: MODIFIED.length,
      chunkSize: 1000,
    });
    expect(response.status).toBe(200);
    const entry = (response.body as ProjectDetail).files.find((file) => file.path === 'survey.gpkg');
    const stored = await raw(project, 'file=survey.gpkg&version=v2');
    expect(entry?.checksum).toBe(sha1(stored.body));
    writeFileSync(path.join(work, 'stored.gpkg'), stored.body);
    expect(gpkgRows(path.join(work, 'stored.gpkg'))).toEqual(gpkgRows(path.join(work, 'modified.gpkg')));
    expect(sha1((await raw(project, 'file=survey.gpkg&version=v2&diff=true')).body)).toBe(sha1(changeset));
    expect(await bucketKeys()).toEqual([BASE, LARGE, NOTES, stored.body, changeset].map(keyOf).sort());
    // The engine's copy of the base and its output are gone.
    expect(readdirSync(path.join(server.dataDir, 's3-staging'))).toEqual([]);
  });

  it('lets housekeeping delete from S3 the bytes no project refers to any more', async () => {
    // An unreferenced blob: stored, but no file of any version names it.
    const orphan = Buffer.from('bytes nobody refers to');
    await server.context.blobs.put(Readable.from([orphan]), {
      beforeStore: (ref) => server.repos.blobs.touch(ref.sha256, ref.size),
    });
    expect(await bucketKeys()).toContain(keyOf(orphan));
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect((await runHousekeeping(server.context, later)).deletedBlobs).toBe(1);
    expect(await bucketKeys()).not.toContain(keyOf(orphan));
    expect(await bucketKeys()).toHaveLength(5);

    // The project removed and purged: its bytes go too.
    expect((await api.post(`/v2/projects/${projectId}/scheduleDelete`)).status).toBe(204);
    const purged = await runHousekeeping(server.context, new Date(Date.now() + 30 * 86_400_000));
    expect(purged).toMatchObject({ purgedProjects: 1, deletedBlobs: 5 });
    expect(await bucketKeys()).toEqual([]);
  });
});

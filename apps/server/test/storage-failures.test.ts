import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { sha1, startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Writes the storage refuses (issue 22 §5): a full, read-only or forbidding disk answers 507 with a clear
 * detail, commits nothing, and the same call succeeds once the storage takes writes again. The tests run as
 * root, whom file modes do not stop: the chunk test makes the upload folder immutable (`chattr +i`, EPERM even
 * for root) where the file system allows it; the finish test has the blob store fail as a full disk does
 * (ENOSPC), since a disk cannot be filled safely here.
 */

let server: TestServer;
let api: HttpClient;
let projects = 0;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'stella' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'stella',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(() => server.close());

async function newProject(): Promise<string> {
  projects += 1;
  await server.createProject('stella', 'stella', `disk-${projects}`);
  return `stella/disk-${projects}`;
}

const versionOf = async (project: string) =>
  (await api.get<{ version: string }>(`/v1/project/${project}`)).body.version;

const errnoError = (code: string) => Object.assign(new Error(`${code}: refused by the storage`), { code });

/** Whether this file system and user may mark a folder immutable (ext4 and root, as on this machine). */
function canMakeImmutable(): boolean {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'waymark-chattr-'));
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe('a storage that refuses writes', () => {
  it('answers 507 for a finish whose blobs cannot be written; nothing is committed; the retry works', async () => {
    const project = await newProject();
    const content = Buffer.from('bytes for a full disk');
    const { response, entries } = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content }],
    });
    const transaction = response.body.transaction ?? '';
    const [entry] = entries;
    expect((await uploadChunk(api, transaction, entry?.chunks[0] ?? '', content)).status).toBe(200);

    const { blobs } = server.context;
    const { stage, stageLinkOf, stageHashed } = blobs;
    blobs.stage = () => Promise.reject(errnoError('ENOSPC'));
    blobs.stageLinkOf = () => Promise.reject(errnoError('ENOSPC'));
    blobs.stageHashed = () => Promise.reject(errnoError('ENOSPC'));
    let failed;
    try {
      failed = await api.post(`/v1/project/push/finish/${transaction}`);
    } finally {
      blobs.stage = stage;
      blobs.stageLinkOf = stageLinkOf;
      blobs.stageHashed = stageHashed;
    }
    expect(failed).toMatchObject({ status: 507, body: { detail: ERROR_TEXTS.storageFailure } });
    expect(await versionOf(project)).toBe('v0');

    const retried = await api.post<{ version: string; files: Array<{ checksum: string }> }>(
      `/v1/project/push/finish/${transaction}`,
    );
    expect(retried).toMatchObject({
      status: 200,
      body: { version: 'v1', files: [{ checksum: sha1(content) }] },
    });
  });

  it.each(['EROFS', 'EACCES', 'EPERM', 'EDQUOT'])('answers 507 for %s too', async (code) => {
    const project = await newProject();
    const { response, entries } = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'abc' }],
    });
    const transaction = response.body.transaction ?? '';
    await uploadChunk(api, transaction, entries[0]?.chunks[0] ?? '', Buffer.from('abc'));
    const { blobs } = server.context;
    const { stageLinkOf, stageHashed } = blobs;
    blobs.stageLinkOf = () => Promise.reject(errnoError(code));
    blobs.stageHashed = () => Promise.reject(errnoError(code));
    try {
      const failed = await api.post(`/v1/project/push/finish/${transaction}`);
      expect(failed).toMatchObject({ status: 507, body: { detail: ERROR_TEXTS.storageFailure } });
    } finally {
      blobs.stageLinkOf = stageLinkOf;
      blobs.stageHashed = stageHashed;
    }
    await api.post(`/v1/project/push/cancel/${transaction}`);
  });

  it.runIf(canMakeImmutable())(
    'answers 507 for chunks (v1 and v2) the upload folders refuse, and takes them once they accept',
    async () => {
      const project = await newProject();
      const { response, entries } = await startPush(api, project, {
        version: 'v0',
        added: [{ path: 'a.txt', content: 'abc' }],
      });
      const transaction = response.body.transaction ?? '';
      const chunk = entries[0]?.chunks[0] ?? '';
      const uploads = path.join(server.dataDir, 'uploads');
      const chunks = path.join(server.dataDir, 'chunks');
      mkdirSync(uploads, { recursive: true });
      mkdirSync(chunks, { recursive: true });
      const info = await api.get<{ id: string }>(`/v1/project/${project}`);
      execFileSync('chattr', ['+i', uploads, chunks]);
      try {
        const refused = await uploadChunk(api, transaction, chunk, Buffer.from('abc'));
        expect(refused).toMatchObject({ status: 507, body: { detail: ERROR_TEXTS.storageFailure } });
        const refusedV2 = await api.post(`/v2/projects/${info.body.id}/chunks`, new Uint8Array([1, 2]));
        expect(refusedV2).toMatchObject({ status: 507, body: { detail: ERROR_TEXTS.storageFailure } });
      } finally {
        execFileSync('chattr', ['-i', uploads, chunks]);
      }
      expect((await uploadChunk(api, transaction, chunk, Buffer.from('abc'))).status).toBe(200);
      expect((await api.post(`/v1/project/push/finish/${transaction}`)).status).toBe(200);
      expect((await api.post(`/v2/projects/${info.body.id}/chunks`, new Uint8Array([1, 2]))).status).toBe(
        200,
      );
    },
  );
});

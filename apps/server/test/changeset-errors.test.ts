import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHANGESET_API_TEXTS, type ChangesetSummary, type ProjectVersionDetail } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * A changeset that cannot be computed because of the files themselves is recorded as the version's changeset
 * error (shown in the version detail and the detail list), so the job does not fail again at every start and
 * every hour (issue 22 §5: a damaged earlier version failed its next job 42 times).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));
const ADDED_COLUMN = readFileSync(path.join(FIXTURES, 'added-column.gpkg'));
/** base.gpkg with its header switched to WAL mode: other bytes than BASE's, the same rows. */
const BASE_AS_WAL = Buffer.from(BASE).fill(2, 18, 20);

let server: TestServer;
let api: HttpClient;

beforeAll(async () => {
  server = await startTestServer({}, { jobs: true });
  await server.createUser({ username: 'gina' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'gina',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(() => server.close());

/** Where the local blob store keeps the bytes of `content`. */
function storedBlob(content: Buffer): string {
  const sha256 = createHash('sha256').update(content).digest('hex');
  return path.join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Polls the version detail until the file's changeset (or its error) is there, for at most 20 s. */
async function changesetOf(id: string, version: string, filePath: string): Promise<ChangesetSummary> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const detail = await api.get<ProjectVersionDetail>(`/v1/project/version/${id}/${version}`);
    const changeset = detail.body.changesets[filePath];
    if (changeset) return changeset;
    if (Date.now() > deadline) throw new Error(`no changeset of ${filePath} in ${version} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a changeset that cannot be computed', () => {
  it('is recorded as the version’s error when the earlier version’s file is damaged, and not sent again', async () => {
    const created = await server.createProject('gina', 'gina', 'damaged');
    await push(api, 'gina/damaged', { version: 'v0', added: [{ path: 'survey.gpkg', content: BASE }] });
    // The stored v1 file rots: its schema page garbled (header intact).
    const blob = storedBlob(BASE);
    const damaged = Buffer.from(BASE);
    for (let i = 0; i < 64; i++) damaged[100 + i] = (i * 37) & 255;
    chmodSync(blob, 0o600);
    writeFileSync(blob, damaged);
    await push(api, 'gina/damaged', { version: 'v1', updated: [{ path: 'survey.gpkg', content: MODIFIED }] });

    const reason = 'The base file is damaged or not an SQLite database';
    expect(await changesetOf(created.id, 'v2', 'survey.gpkg')).toEqual({ error: reason, size: 0 });
    const detail = await api.get(`/v1/resource/changesets/gina/damaged/v2?path=survey.gpkg`);
    expect(detail).toMatchObject({
      status: 422,
      body: { detail: CHANGESET_API_TEXTS.notCalculated(reason) },
    });
    // Nothing pending: housekeeping's sweep (at every start and hour) has no job to send again.
    expect(await server.context.changesets.sweep()).toBe(0);
  });

  it('is recorded when the earlier version’s file is gone from the store', async () => {
    const created = await server.createProject('gina', 'gina', 'lost');
    // Files no other test here stores, so removing the blob touches no other project.
    await push(api, 'gina/lost', { version: 'v0', added: [{ path: 'lost.gpkg', content: ADDED_COLUMN }] });
    rmSync(storedBlob(ADDED_COLUMN));
    await push(api, 'gina/lost', { version: 'v1', updated: [{ path: 'lost.gpkg', content: BASE_AS_WAL }] });
    expect(await changesetOf(created.id, 'v2', 'lost.gpkg')).toEqual({
      error: 'the previous version of the file is not on the server',
      size: 0,
    });
    expect(await server.context.changesets.sweep()).toBe(0);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangesetSummary, ProjectDetail, ProjectVersionDetail } from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChildServer } from './child-server.ts';
import { gpkgRows } from './gpkg-rows.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';
import { push, sha1, startPush, uploadChunk } from './push-helper.ts';

/**
 * Changesets survive a crash: the real server runs as a child process and is killed (SIGKILL) after a version
 * was committed but before its changeset was computed, once before the job was even sent and once while the
 * job runs. After a restart the changeset is computed all the same. A diff push killed mid-finish can be
 * finished after the restart.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));
const SUMMARY_TABLES = ['lines', 'notes', 'points', 'polygons', 'visits'];

const PROJECTS = ['finish-committed', 'changesets-computing', 'diffs'];

let dataDir: string;
let server: ChildServer;
let postgres: { name: string; base: string } | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-changesets-restart-'));
  const base = process.env.WAYMARK_TEST_POSTGRES_URL;
  const template = inject('postgresTemplate');
  let env: Record<string, string> = {};
  if (base && template) {
    const name = await createDatabaseFromTemplate(base, template);
    postgres = { name, base };
    env = { DATABASE_URL: databaseUrl(base, name) };
  }
  server = new ChildServer(dataDir, env);
  await server.start();
  // Each case's project, with base.gpkg at v1, made before any crash point is armed.
  for (const name of PROJECTS) {
    expect((await server.client.post('/v1/project/admin', { name })).status).toBe(200);
    await push(server.client, `admin/${name}`, {
      version: 'v0',
      added: [{ path: 'survey.gpkg', content: BASE }],
    });
  }
}, 180_000);

afterAll(async () => {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await dropDatabase(postgres.base, postgres.name);
});

/** modified.gpkg pushed whole as v2 of the project (base.gpkg at v1); the server dies at `crashAt`. */
async function pushUpdateAndDie(name: string, crashAt: string): Promise<string> {
  await server.kill();
  await server.start({ WAYMARK_TEST_CRASH_POINT: crashAt });
  const { client } = server;
  const info = await client.get<ProjectDetail>(`/v1/project/admin/${name}`);
  const started = await startPush(client, `admin/${name}`, {
    version: 'v1',
    updated: [{ path: 'survey.gpkg', content: MODIFIED }],
  });
  const transaction = started.response.body.transaction ?? '';
  for (const entry of started.entries) {
    for (const [index, id] of entry.chunks.entries()) {
      await uploadChunk(client, transaction, id, entry.parts[index] ?? Buffer.alloc(0));
    }
  }
  // Either finish answers and the job kills the server at once, or finish itself never answers.
  await client.post(`/v1/project/push/finish/${transaction}`).catch(() => undefined);
  await server.died();
  return info.body.id;
}

/** Polls the version detail of the restarted server until the changeset is there (60 s at most). */
async function changesetAfterRestart(id: string): Promise<ChangesetSummary> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const detail = await server.client.get<ProjectVersionDetail>(`/v1/project/version/${id}/v2`);
    expect(detail.status).toBe(200);
    const changeset = detail.body.changesets['survey.gpkg'];
    if (changeset) return changeset;
    if (Date.now() > deadline) throw new Error('no changeset 60 s after the restart');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a server killed before a changeset was computed', { timeout: 180_000 }, () => {
  it.each([
    ['finish:committed', 'right after the commit, before the job was sent'],
    ['changesets:computing', 'while the job computes it'],
  ])('at %s (%s): computes it after the restart', async (point) => {
    const id = await pushUpdateAndDie(point.replace(':', '-'), point);
    await server.start();
    const changeset = await changesetAfterRestart(id);
    expect('summary' in changeset && changeset.summary.map((row) => row.table)).toEqual(SUMMARY_TABLES);
    expect(changeset).toMatchObject({
      summary: expect.arrayContaining([{ table: 'points', insert: 2, update: 4, delete: 1 }]),
    });
  });
});

describe('a diff push killed during its finish', { timeout: 180_000 }, () => {
  it('commits nothing, and the same transaction finishes after the restart', async () => {
    await server.kill();
    await server.start({ WAYMARK_TEST_CRASH_POINT: 'finish:assembled' });
    const { client } = server;
    writeFileSync(path.join(dataDir, 'base.gpkg'), BASE);
    writeFileSync(path.join(dataDir, 'modified.gpkg'), MODIFIED);
    const changesetFile = path.join(dataDir, 'changeset.diff');
    diff(path.join(dataDir, 'base.gpkg'), path.join(dataDir, 'modified.gpkg'), changesetFile);
    const changeset = readFileSync(changesetFile);

    const started = await client.post<{ transaction: string }>('/v1/project/push/admin/diffs', {
      version: 'v1',
      changes: {
        updated: [
          {
            path: 'survey.gpkg',
            checksum: sha1(BASE),
            size: MODIFIED.length,
            chunks: ['only-chunk'],
            diff: { path: 'survey.gpkg-diff-1', checksum: sha1(changeset), size: changeset.length },
          },
        ],
      },
    });
    const { transaction } = started.body;
    expect((await uploadChunk(client, transaction, 'only-chunk', changeset)).status).toBe(200);
    await expect(client.post(`/v1/project/push/finish/${transaction}`)).rejects.toThrow();
    await server.died();

    await server.start();
    const afterCrash = await server.client.get<ProjectDetail>('/v1/project/admin/diffs');
    expect(afterCrash.body.version).toBe('v1');
    const finished = await server.client.post<ProjectDetail>(`/v1/project/push/finish/${transaction}`);
    expect(finished.status).toBe(200);
    expect(finished.body.version).toBe('v2');
    const stored = await fetch(`${server.url}/v1/project/raw/admin/diffs?file=survey.gpkg&version=v2`, {
      headers: { Authorization: `Bearer ${server.client.bearer}` },
    });
    const storedFile = path.join(dataDir, 'stored.gpkg');
    writeFileSync(storedFile, Buffer.from(await stored.arrayBuffer()));
    expect(gpkgRows(storedFile)).toEqual(gpkgRows(path.join(dataDir, 'modified.gpkg')));
    expect(finished.body.files.find((f) => f.path === 'survey.gpkg')?.checksum).toBe(
      sha1(readFileSync(storedFile)),
    );
  });
});

import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOB, serverJobs, UPLOAD_CLEANUP_JOB } from '../src/jobs/jobs.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import { HttpClient } from './http-client.ts';
import { startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let client: HttpClient;

const uploadsDir = () => path.join(server.dataDir, 'uploads');

/** A push with one chunk on disk; returns its transaction id. */
async function pushWithAChunk(project: string): Promise<string> {
  const started = await startPush(client, project, {
    version: 'v0',
    added: [{ path: 'a.txt', content: 'abc' }],
  });
  const transaction = started.response.body.transaction ?? '';
  await uploadChunk(client, transaction, started.entries[0]?.chunks[0] ?? '', Buffer.from('abc'));
  return transaction;
}

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_EXPIRATION_SECONDS: '3600', DELETED_PROJECT_EXPIRATION_DAYS: '0' });
  await server.createUser({ username: 'cleo' });
  for (const name of ['p1', 'p2', 'p3']) await server.createProject('cleo', 'cleo', name);
  client = new HttpClient(server.url);
  await client.login('cleo', TEST_PASSWORD);
});
afterAll(() => server.close());

describe('removing what interrupted pushes leave', () => {
  it('drops expired transactions, folders without one and stale blob temp files; keeps live uploads', async () => {
    const live = await pushWithAChunk('cleo/p1');
    const expired = await pushWithAChunk('cleo/p2');
    await server.database.db.execute(
      sql`update uploads set last_ping = now() - interval '2 hours' where id = ${expired}`,
    );
    const orphan = randomUUID();
    mkdirSync(path.join(uploadsDir(), orphan), { recursive: true });
    writeFileSync(path.join(uploadsDir(), orphan, '0'), 'left after a commit');
    const blobTemp = path.join(server.dataDir, 'blobs', 'tmp');
    mkdirSync(blobTemp, { recursive: true });
    writeFileSync(path.join(blobTemp, 'old-partial'), 'x');
    utimesSync(path.join(blobTemp, 'old-partial'), new Date('2020-01-01'), new Date('2020-01-01'));
    writeFileSync(path.join(blobTemp, 'in-progress'), 'x');

    const job = serverJobs(server.context).find((j) => j.name === UPLOAD_CLEANUP_JOB);
    await job?.run(undefined, { retryCount: 0, last: true });

    expect(existsSync(path.join(uploadsDir(), live))).toBe(true);
    expect(existsSync(path.join(uploadsDir(), expired))).toBe(false);
    expect(existsSync(path.join(uploadsDir(), orphan))).toBe(false);
    expect(existsSync(path.join(blobTemp, 'old-partial'))).toBe(false);
    expect(existsSync(path.join(blobTemp, 'in-progress'))).toBe(true);
    // The expired push is gone (404), the live one can still finish.
    expect((await client.post(`/v1/project/push/finish/${expired}`)).status).toBe(404);
    expect((await client.post(`/v1/project/push/finish/${live}`)).status).toBe(200);
  });

  it('runs as a pg-boss job on the app database, as housekeeping does', async () => {
    const orphan = randomUUID();
    mkdirSync(path.join(uploadsDir(), orphan), { recursive: true });
    const queue = await startJobQueue({
      executeSql: server.database.executeSql,
      jobs: serverJobs(server.context),
      log: { info: () => undefined, error: () => undefined },
      pollingIntervalSeconds: 0.5,
    });
    try {
      await queue.send(UPLOAD_CLEANUP_JOB);
      const deadline = Date.now() + 20_000;
      while (existsSync(path.join(uploadsDir(), orphan)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(existsSync(path.join(uploadsDir(), orphan))).toBe(false);

      // Housekeeping is a job too: a project removed with no retention is purged by it.
      const doomed = await server.createProject('cleo', 'cleo', 'doomed');
      expect((await client.post(`/v2/projects/${doomed.id}/scheduleDelete`)).status).toBe(204);
      await queue.send(HOUSEKEEPING_JOB);
      const housekeepingDeadline = Date.now() + 20_000;
      while ((await server.repos.projects.findById(doomed.id)) && Date.now() < housekeepingDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await server.repos.projects.findById(doomed.id)).toBeUndefined();
    } finally {
      await queue.stop();
    }
  });
});

import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChildServer } from './child-server.ts';
import { HttpClient } from './http-client.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';
import { push } from './push-helper.ts';

/**
 * The data folder and everything in it belong to the server's user alone (folders 0700, files 0600): what the
 * server creates, what the embedded database writes (PGlite writes its files 0666), and what an earlier version
 * left with wider modes.
 */

let dataDir: string;
let server: ChildServer;
let postgres: { base: string; name: string } | undefined;

/** Every entry below `dir` whose mode lets the group or others in, as `mode path`. */
function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const walk = (file: string) => {
    const stat = lstatSync(file);
    // The test's own log files of the child server (written by this process, not the server).
    if (/\/server-\d+-\d+\.log$/.test(file)) return;
    if ((stat.mode & 0o077) !== 0)
      found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dataDir, file)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) walk(path.join(file, entry));
  };
  walk(dir);
  return found;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-modes-'));
  // What an earlier version (umask 022) left: an open folder, a readable blob folder and file.
  chmodSync(dataDir, 0o755);
  mkdirSync(path.join(dataDir, 'blobs/ab'), { recursive: true, mode: 0o755 });
  chmodSync(path.join(dataDir, 'blobs'), 0o755);
  writeFileSync(path.join(dataDir, 'blobs/ab/old'), 'old', { mode: 0o644 });
  const base = process.env.WAYMARK_TEST_POSTGRES_URL;
  const template = inject('postgresTemplate');
  if (base && template) postgres = { base, name: await createDatabaseFromTemplate(base, template) };
  // No SECRET_KEY: the server writes one into the data folder.
  server = new ChildServer(
    dataDir,
    { SECRET_KEY: '', ...(postgres ? { DATABASE_URL: databaseUrl(postgres.base, postgres.name) } : {}) },
    // What the server itself writes into a new data folder, its database's files included.
    { firstStart: true },
  );
  await server.start();
}, 180_000);

afterAll(async () => {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await dropDatabase(postgres.base, postgres.name);
});

describe('the data folder', { timeout: 120_000 }, () => {
  it('is private to the server user, with everything the server wrote into it', async () => {
    const client = server.client;
    expect((await client.post('/v1/project/admin', { name: 'private' })).status).toBe(200);
    await push(client, 'admin/private', {
      version: 'v0',
      added: [
        { path: 'big.bin', content: Buffer.alloc(300_000, 3) },
        { path: 'notes.txt', content: 'notes' },
      ],
      chunkSize: 100_000,
    });
    const project = await client.get<{ id: string }>('/v1/project/admin/private');
    const chunk = await client.post(`/v2/projects/${project.body.id}/chunks`, new Uint8Array([1, 2, 3]));
    expect(chunk.status).toBe(200);
    // A mail in the outbox (no SMTP_URL), written by the mail job.
    await new HttpClient(server.url).post('/app/auth/reset-password', { email: 'admin@example.com' });
    const outbox = path.join(dataDir, 'outbox');
    for (let i = 0; i < 100; i += 1) {
      const mails = (() => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      })();
      if (mails.some((name) => name.endsWith('.eml'))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const folder of ['blobs', 'chunks', 'outbox', ...(postgres ? [] : ['pgdata'])]) {
      expect(readdirSync(path.join(dataDir, folder)).length).toBeGreaterThan(0);
    }
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    // Only what an earlier version left below a folder that is now private (out of reach of others): the start
    // fixes the data folder and its entries, and the embedded database's files, but does not walk every blob.
    expect(sharedEntries(dataDir).sort()).toEqual(['644 blobs/ab/old', '755 blobs/ab']);
  });
});

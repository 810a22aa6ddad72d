import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChildServer } from './child-server.ts';
import { HttpClient } from './http-client.ts';
import { databaseUrl, dropDatabase } from './postgres-admin.ts';
import { sha1, startPush, uploadChunk } from './push-helper.ts';

/**
 * Several server processes on one PostgreSQL database and one shared data folder: two real servers (child
 * processes) started at the same moment on an empty database, then used in turn. Nothing a request needs may
 * live in one process only: sessions, CSRF, push locks and pushes in progress, jobs. PostgreSQL only (the
 * embedded database is single-process by design).
 */

const postgresUrl = process.env.WAYMARK_TEST_POSTGRES_URL;
/** Both servers' `CACHE_SECONDS`. */
const CACHE_SECONDS = 1;

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database', { timeout: 120_000 }, () => {
  const base = postgresUrl ?? '';
  const name = `waymark_mp_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let a: ChildServer;
  let b: ChildServer;
  let sql: pg.Client;

  beforeAll(async () => {
    sql = new pg.Client({ connectionString: base });
    await sql.connect();
    // An empty database, not the migrated template: both processes migrate it and bootstrap the superuser.
    await sql.query(`CREATE DATABASE ${name}`);
    await sql.end();
    sql = new pg.Client({ connectionString: databaseUrl(base, name) });
    await sql.connect();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-multi-'));
    // No SECRET_KEY: both generate one into the shared data folder at the same time and must end up with one.
    // A short cache time: what one process keeps ends within it after a change made through the other. Their job
    // queues poll every second, as every child server's (10 s in production), so the test of jobs running once
    // waits less.
    const env = {
      DATABASE_URL: databaseUrl(base, name),
      SECRET_KEY: '',
      CACHE_SECONDS: String(CACHE_SECONDS),
    };
    a = new ChildServer(dataDir, env);
    b = new ChildServer(dataDir, env);
    await Promise.all([a.start(), b.start()]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await sql?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(base, name);
  });

  it('started together on an empty database: migrated once, one superuser, one secret', async () => {
    const migrations = readdirSync(path.resolve(import.meta.dirname, '../migrations')).filter((f) =>
      f.endsWith('.sql'),
    );
    const applied = await sql.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(applied.rows[0]).toEqual({ n: migrations.length });
    const users = await sql.query('SELECT username, is_admin FROM users');
    expect(users.rows).toEqual([{ username: 'admin', is_admin: true }]);
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // A Bearer token of one process is good on the other: they sign with the same secret.
    expect(
      (await b.client.get('/v1/user/profile', { Authorization: `Bearer ${a.client.bearer}` })).status,
    ).toBe(200);
  });

  it('a browser session and its CSRF token from one process work on the other', async () => {
    const browserA = new HttpClient(a.url);
    expect((await browserA.login('admin', 'Crash-test1')).status).toBe(200);
    const browserB = browserA.at(b.url);
    expect((await browserB.get('/app/init')).body).toEqual({ authenticated: true, superuser: true });
    // A write with the cookie and the CSRF token A issued.
    const created = await browserB.post('/v1/project/admin', { name: 'from-the-browser' });
    expect(created.status).toBe(200);
    expect((await browserA.get('/v1/project/admin/from-the-browser')).status).toBe(200);
  });

  it('what one process keeps (callers, list counts) ends within its cache time after a change through the other', async () => {
    // Well within CACHE_SECONDS as the test sees it: from the change's answer until the other process saw it.
    const withinCacheTime = { timeout: CACHE_SECONDS * 1000 + 1_000, interval: 20 };
    const countAt = (server: ChildServer) => async () =>
      (await server.client.get<{ count: number }>('/v1/project/paginated?page=1&per_page=1')).body.count;
    const [countA, countB] = [countAt(a), countAt(b)];
    const before = await countB();
    expect(await countA()).toBe(before); // kept by both now
    expect((await a.client.post('/v1/project/admin', { name: 'counted' })).status).toBe(200);
    expect(await countA()).toBe(before + 1); // the process that wrote: at once
    await vi.waitFor(async () => expect(await countB()).toBe(before + 1), withinCacheTime);

    /** A new user signed in through `server` with a Bearer token both processes keep the user of. */
    const keptEverywhere = async (username: string) => {
      const created = await a.client.post('/v2/users', {
        username,
        email: `${username}@example.com`,
        password: 'Kept-pass1',
      });
      expect(created.status).toBe(201);
      const onA = new HttpClient(a.url);
      const login = await onA.post<{ session: { token: string } }>('/v1/auth/login', {
        login: username,
        password: 'Kept-pass1',
      });
      onA.bearer = login.body.session.token;
      const onB = onA.at(b.url);
      for (const client of [onA, onB, onA, onB])
        expect((await client.get('/v1/user/profile')).status).toBe(200);
      return { onA, onB };
    };

    // Deactivation through a: a refuses the token at once, b within its cache time.
    const sleeper = await keptEverywhere('kept');
    const deactivated = await a.client.request('PATCH', '/app/admin/user/kept', { active: false });
    expect(deactivated.status).toBe(200);
    expect((await sleeper.onA.get('/v1/user/profile')).status).toBe(401);
    await vi.waitFor(
      async () => expect((await sleeper.onB.get('/v1/user/profile')).status).toBe(401),
      withinCacheTime,
    );

    // A password change through a (every token and session issued so far ends): the same.
    const changer = await keptEverywhere('changer');
    const changed = await changer.onA.post('/app/auth/change-password', {
      old_password: 'Kept-pass1',
      password: 'Changed-pass1',
      confirm: 'Changed-pass1',
    });
    expect(changed.status).toBe(200);
    expect((await changer.onA.get('/v1/user/profile')).status).toBe(401);
    await vi.waitFor(
      async () => expect((await changer.onB.get('/v1/user/profile')).status).toBe(401),
      withinCacheTime,
    );
  });

  it('a push started through one process takes chunks through either and finishes through the other', async () => {
    expect((await a.client.post('/v1/project/admin', { name: 'shared' })).status).toBe(200);
    const content = Buffer.from(Array.from({ length: 3 * 65_536 + 5 }, (_, i) => (i * 31) % 251));
    const started = await startPush(a.client, 'admin/shared', {
      version: 'v0',
      added: [{ path: 'survey/data.bin', content }],
      chunkSize: 65_536,
    });
    expect(started.response.status).toBe(200);
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    for (const [index, id] of (entry?.chunks ?? []).entries()) {
      const through = index % 2 === 0 ? b.client : a.client;
      const answer = await uploadChunk(through, transaction, id, entry?.parts[index] ?? Buffer.alloc(0));
      expect(answer.status).toBe(200);
    }
    const finished = await b.client.post<{ version: string }>(`/v1/project/push/finish/${transaction}`);
    expect(finished.status).toBe(200);
    expect(finished.body.version).toBe('v1');
    for (const server of [a, b]) {
      const raw = await fetch(`${server.url}/v1/project/raw/admin/shared?file=survey/data.bin`, {
        headers: { Authorization: `Bearer ${server.client.bearer}` },
      });
      expect(raw.status).toBe(200);
      expect(sha1(Buffer.from(await raw.arrayBuffer()))).toBe(sha1(content));
    }
    // Cancelled through the other process than the one that started it: the lock is free for both.
    const second = await startPush(b.client, 'admin/shared', {
      version: 'v1',
      added: [{ path: 'later.txt', content: 'later' }],
    });
    const again = second.response.body.transaction ?? '';
    expect((await a.client.post(`/v1/project/push/cancel/${again}`)).status).toBe(200);
    expect((await b.client.post(`/v1/project/push/finish/${again}`)).status).toBe(404);
  });

  it('simultaneous pushes to one project through both processes make exactly one new version', async () => {
    expect((await a.client.post('/v1/project/admin', { name: 'raced' })).status).toBe(200);
    const project = await a.client.get<{ id: string }>('/v1/project/admin/raced');
    const id = project.body.id;
    // v2, as the Mergin clients push: chunks first (each through its own process), then both versions at once.
    const bodies = await Promise.all(
      [a, b].map(async (server, index) => {
        const bytes = Buffer.from(`written by process ${index}\n`);
        const chunk = await server.client.post<{ id: string }>(
          `/v2/projects/${id}/chunks`,
          new Uint8Array(bytes),
        );
        expect(chunk.status).toBe(200);
        return {
          version: 'v0',
          changes: {
            added: [
              {
                path: `from-${index}.txt`,
                checksum: sha1(bytes),
                size: bytes.length,
                chunks: [chunk.body.id],
              },
            ],
            updated: [],
            removed: [],
          },
        };
      }),
    );
    const answers = await Promise.all(
      [a, b].map((server, index) =>
        server.client.post<{ code?: string; version?: string }>(`/v2/projects/${id}/versions`, bodies[index]),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(['AnotherUploadRunning', 'ProjectVersionExists']).toContain(refused?.body.code);
    const versions = await sql.query(
      'SELECT count(*)::int AS n FROM project_versions WHERE project_id = $1',
      [id],
    );
    // v0 and the one pushed.
    expect(versions.rows[0]).toEqual({ n: 2 });
    const info = await b.client.get<{ version: string; files: Array<{ path: string }> }>(
      '/v1/project/admin/raced',
    );
    expect(info.body.version).toBe('v1');
    expect(info.body.files).toHaveLength(1);

    // v1: two starts at once, one through each process: one holds the lock, the other gets the reference's error.
    const starts = await Promise.all(
      [a, b].map((server, index) =>
        startPush(server.client, 'admin/raced', {
          version: 'v1',
          added: [{ path: `v1-${index}.txt`, content: 'x' }],
        }),
      ),
    );
    const statuses = starts.map((start) => start.response.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = starts.find((start) => start.response.status === 400);
    expect(loser?.response.body).toMatchObject({ detail: 'Another process is running. Please try later.' });
  });

  it('jobs run once: each mail is written to the shared outbox exactly once', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
    const before = mails().length;
    // Three reset links (the hourly limit per address), asked for through both processes.
    for (const server of [a, b, a]) {
      const answer = await new HttpClient(server.url).post('/app/auth/reset-password', {
        email: 'admin@example.com',
      });
      expect(answer.status).toBe(200);
    }
    const deadline = Date.now() + 60_000;
    while (mails().length < before + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(mails()).toHaveLength(before + 3);
    // Both processes poll the queue every second: give the other one time (a few polls) to (wrongly) send any of
    // them again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mails()).toHaveLength(before + 3);
    const jobs = await sql.query(
      "SELECT state, retry_count FROM pgboss.job WHERE name = 'mail' AND data->>'to' = 'admin@example.com'",
    );
    expect(jobs.rows).toEqual(Array.from({ length: 3 }, () => ({ state: 'completed', retry_count: 0 })));
  });
});

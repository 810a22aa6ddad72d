import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blobs } from '../src/db/schema.ts';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { createMapCache } from '../src/map/map-cache.ts';
import { LOGIN_HISTORY_DAYS } from '../src/services/auth.service.ts';
import { createStorageService } from '../src/services/storage.service.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
/** The map's disk cache of this server holds at most 40 kB after housekeeping. */
const MAP_CACHE_LIMIT = 40 * 1024;

beforeAll(async () => {
  server = await startTestServer({
    SESSION_MAX_AGE_DAYS: '10',
    BASE_URL: 'https://maps.example.org',
    MAP_CACHE_MAX_BYTES: String(MAP_CACHE_LIMIT),
  });
  await server.createUser({ username: 'keeper', isAdmin: true });
});
afterAll(() => server.close());

describe('housekeeping', () => {
  it('purges deleted projects after the retention period and drops expired sessions', async () => {
    const client = new HttpClient(server.url);
    await client.login('keeper', TEST_PASSWORD);
    const project = await server.createProject('keeper', 'keeper', 'old-news');
    expect((await client.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);

    // Two days on: within the 7-day retention and the 10-day session lifetime, nothing goes.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    expect(await runHousekeeping(server.context, inTwoDays)).toMatchObject({
      purgedProjects: 0,
      deletedBlobs: 0,
    });
    expect((await client.get('/v1/user/profile')).status).toBe(200);
    // Eleven days on: the project is purged and the expired session row is gone.
    const inElevenDays = new Date(Date.now() + 11 * 86_400_000);
    expect(await runHousekeeping(server.context, inElevenDays)).toMatchObject({
      purgedProjects: 1,
      deletedBlobs: 0,
    });
    expect((await client.get('/v1/user/profile')).status).toBe(401);
    expect(await server.repos.projects.findById(project.id)).toBeUndefined();
  });
});

describe('login attempts', () => {
  it(`are forgotten after ${LOGIN_HISTORY_DAYS} days, and not before`, async () => {
    await server.createUser({ username: 'forgetful' });
    for (const password of ['Wrong-1', 'Wrong-2', TEST_PASSWORD]) {
      await new HttpClient(server.url).post('/v1/auth/login', { login: 'forgetful', password });
    }
    const soon = new Date(Date.now() + (LOGIN_HISTORY_DAYS - 1) * 86_400_000);
    expect((await runHousekeeping(server.context, soon)).purgedLoginAttempts).toBe(0);
    const later = new Date(Date.now() + (LOGIN_HISTORY_DAYS + 1) * 86_400_000);
    expect((await runHousekeeping(server.context, later)).purgedLoginAttempts).toBeGreaterThanOrEqual(3);
    expect((await runHousekeeping(server.context, later)).purgedLoginAttempts).toBe(0);
  });
});

describe('blob collection', () => {
  it('deletes file bytes only once no project version refers to them', async () => {
    const client = new HttpClient(server.url);
    await client.login('keeper', TEST_PASSWORD);
    const original = await server.createProject('keeper', 'keeper', 'maps-a');
    const [shared = '', own = ''] = await server.seedFiles(original.id, [
      { path: 'shared.gpkg', content: 'bytes both projects hold' },
      { path: 'only-a.txt', content: 'bytes only the original holds' },
    ]);
    expect((await client.post('/v1/project/clone/keeper/maps-a', { project: 'maps-b' })).status).toBe(200);
    const copy = await server.repos.projects.findByPath('keeper', 'maps-b');
    expect((await client.post(`/v2/projects/${original.id}/scheduleDelete`)).status).toBe(204);

    const later = new Date(Date.now() + 11 * 86_400_000);
    const first = await runHousekeeping(server.context, later);
    expect(first.purgedProjects).toBe(1);
    // The clone still refers to both blobs through its own file rows.
    expect(first.deletedBlobs).toBe(0);
    expect(await server.context.blobs.has(shared)).toBe(true);

    // Housekeeping "eleven days on" also dropped the session, which would have expired by then.
    await client.login('keeper', TEST_PASSWORD);
    expect((await client.post(`/v2/projects/${copy?.project.id}/scheduleDelete`)).status).toBe(204);
    const second = await runHousekeeping(server.context, later);
    expect(second).toMatchObject({ purgedProjects: 1, deletedBlobs: 2 });
    expect(await server.context.blobs.has(shared)).toBe(false);
    expect(await server.context.blobs.has(own)).toBe(false);
  });

  it('never collects fresh blobs, which may belong to an upload still in flight', async () => {
    const { sha256 } = await server.context.blobs.put(Readable.from([Buffer.from('in flight')]));
    await server.database.db.insert(blobs).values({ sha256, size: 9 });
    expect((await runHousekeeping(server.context, new Date())).deletedBlobs).toBe(0);
    expect(await server.context.blobs.has(sha256)).toBe(true);
  });

  it('keeps the bytes of content a push records again while they are being collected', async () => {
    const stored = server.context.blobs;
    const content = Buffer.from('collected and pushed again at the same moment');
    const { sha256, size } = await stored.put(Readable.from([content]));
    await server.database.db
      .insert(blobs)
      .values({ sha256, size, createdAt: new Date(Date.now() - 3 * 86_400_000) });

    // The collector stops just before deleting the bytes, its rows deleted but not committed.
    let deleting!: () => void;
    const reachedDelete = new Promise<void>((resolve) => (deleting = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const storage = createStorageService({
      repos: server.repos,
      blobs: {
        ...stored,
        delete: async (hash: string) => {
          deleting();
          await gate;
          await stored.delete(hash);
        },
      },
    });
    const collecting = storage.collectUnreferenced(new Date(Date.now() - 86_400_000));
    await reachedDelete;

    // A push of the same content records the blob (`touch`) before putting its bytes in place, as pushes do.
    let pushed = false;
    const pushing = stored
      .put(Readable.from([content]), { beforeStore: (ref) => server.repos.blobs.touch(ref.sha256, ref.size) })
      .then(() => (pushed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushed).toBe(false);

    release();
    expect(await collecting).toBe(1);
    await pushing;
    expect(await stored.has(sha256)).toBe(true);
    const [row] = await server.database.db.select().from(blobs).where(eq(blobs.sha256, sha256));
    expect(row?.size).toBe(size);
  });
});

describe('map cache', () => {
  it('keeps the map cache under MAP_CACHE_MAX_BYTES, the least recently used files going first', async () => {
    // Tiles as the map writes them (another process's cache, the same folder), each used an hour before the next.
    const folder = path.join(server.dataDir, 'map-cache');
    const writer = createMapCache(folder);
    const keys = Array.from({ length: 8 }, (_, i) => writer.keyOf('e'.repeat(64), 'tile', 14, i, 0));
    for (const [i, key] of keys.entries()) {
      await writer.set(key, new Uint8Array(10 * 1024));
      const usedAt = (Date.now() - (8 - i) * 3_600_000) / 1000;
      utimesSync(path.join(folder, key.slice(0, 2), key), usedAt, usedAt);
    }
    const result = await runHousekeeping(server.context);
    expect(result.prunedMapCacheFiles).toBe(4);
    const kept = keys.map((key) => existsSync(path.join(folder, key.slice(0, 2), key)));
    expect(kept).toEqual([false, false, false, false, true, true, true, true]);
    expect((await runHousekeeping(server.context)).prunedMapCacheFiles).toBe(0);
  });
});

describe('mail without SMTP', () => {
  it('writes the message to data/outbox as an .eml file', async () => {
    const admin = new HttpClient(server.url);
    await admin.login('keeper', TEST_PASSWORD);
    const response = await admin.post('/v2/users', {
      email: 'outbox@example.com',
      password: TEST_PASSWORD,
      username: 'outbox',
      notify_user: true,
    });
    expect(response.status).toBe(201);
    const outbox = path.join(server.dataDir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const message = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(message).toContain('To: outbox@example.com');
    expect(message).toContain('Subject: Your Waymark account');
    expect(message).toContain('https://maps.example.org/login');
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, listenForChanges } from '../src/db/change-feed.ts';
import { openDatabase } from '../src/db/database.ts';
import { projects, users } from '../src/db/schema.ts';
import { createChangeCache } from '../src/lib/change-cache.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';

/**
 * The PostgreSQL listener behind the per-process caches: live only while it demonstrably hears, off when its
 * connection dies or its probes stop arriving, back when they arrive again. PostgreSQL only (PGlite needs none).
 */
const postgresUrl = process.env.WAYMARK_TEST_POSTGRES_URL;
const FAST = { everyMs: 100, timeoutMs: 300 };
const soon = { timeout: 5_000, interval: 20 };

describe.skipIf(!postgresUrl)('the change listener on PostgreSQL', () => {
  let url: string;
  let name: string;
  let sender: pg.Client;
  const log = createLogger('silent');

  beforeAll(async () => {
    name = await createDatabaseFromTemplate(postgresUrl ?? '', inject('postgresTemplate'));
    url = databaseUrl(postgresUrl ?? '', name);
    sender = new pg.Client({ connectionString: url });
    await sender.connect();
  });
  afterAll(async () => {
    await sender?.end();
    await dropDatabase(postgresUrl ?? '', name);
  });

  const announce = (payload: string) => sender.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);

  it('is live once its probe arrives, and hears the changes committed by other connections', async () => {
    const feed = listenForChanges(url, log, announce, FAST);
    try {
      await vi.waitFor(() => expect(feed.isLive()).toBe(true), soon);
      const heard: Array<string | null> = [];
      feed.onChange((table) => heard.push(table));
      await sender.query("UPDATE users SET first_name = 'x' WHERE false"); // a statement: announced anyway
      await vi.waitFor(() => expect(heard).toEqual(['users']), soon);
      await sender.query('BEGIN');
      try {
        await sender.query("INSERT INTO workspaces (name, storage) VALUES ('announced', 1)");
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toEqual(['users']); // not before the commit
      } finally {
        await sender.query('COMMIT');
      }
      await vi.waitFor(() => expect(heard).toEqual(['users', 'workspaces']), soon);
      await sender.query('BEGIN');
      await sender.query("DELETE FROM workspaces WHERE name = 'announced'");
      await sender.query('ROLLBACK'); // never announced
      await sender.query('UPDATE sessions SET ip = ip WHERE false'); // not a watched table
      // A push's update of a project (version, size, time) decides nothing the caches keep; its visibility does.
      await sender.query('UPDATE projects SET disk_usage = 0, updated_at = now() WHERE false');
      await sender.query('UPDATE projects SET public = true WHERE false');
      await vi.waitFor(() => expect(heard).toEqual(['users', 'workspaces', 'projects']), soon);
    } finally {
      await feed.close();
    }
  });

  it('is never live when its probes do not arrive (LISTEN that hears nothing)', async () => {
    const feed = listenForChanges(url, log, async () => undefined, FAST);
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(feed.isLive()).toBe(false);
      const cache = createChangeCache<number, number>(feed, { tables: ['users'], max: 10 });
      await cache.through(1, async () => 1);
      expect(await cache.through(1, async () => 2)).toBe(2);
    } finally {
      await feed.close();
    }
  });

  it('stops keeping when its connection is killed and starts again, empty, once it hears again', async () => {
    const feed = listenForChanges(url, log, announce, FAST);
    try {
      await vi.waitFor(() => expect(feed.isLive()).toBe(true), soon);
      const cache = createChangeCache<number, number>(feed, { tables: ['users'], max: 10 });
      await cache.through(1, async () => 1);
      expect(await cache.through(1, async () => 2)).toBe(1);
      const { rows } = await sender.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
      );
      expect(rows).toHaveLength(1);
      await sender.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await vi.waitFor(() => expect(feed.isLive()).toBe(false), soon);
      expect(await cache.through(1, async () => 3)).toBe(3);
      await vi.waitFor(() => expect(feed.isLive()).toBe(true), soon);
      expect(await cache.through(1, async () => 4)).toBe(4);
      expect(await cache.through(1, async () => 5)).toBe(4);
    } finally {
      await feed.close();
    }
  });

  it("hears this process's own writes as they commit, without waiting for the database's announcement", async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      const feed = database.watchChanges(log);
      const heard: Array<string | null> = [];
      feed.onChange((table) => heard.push(table));
      await feed.close(); // no listener: only what the pool sees is heard
      heard.length = 0;
      await database.db
        .update(users)
        .set({ firstName: 'x' })
        .where(sql`false`);
      expect(heard).toEqual(['users']); // outside a transaction: committed when the statement ended
      await database.db.transaction(async (tx) => {
        await tx
          .update(projects)
          .set({ public: true })
          .where(sql`false`);
        await tx
          .update(users)
          .set({ firstName: 'y' })
          .where(sql`false`);
        expect(heard).toEqual(['users']); // not before the commit
      });
      expect(heard).toEqual(['users', 'projects', 'users']);
    } finally {
      await database.close();
    }
  });
});

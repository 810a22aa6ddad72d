import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { serverSettings } from '../src/db/schema.ts';
import { createPgliteDatabase, hasPgliteDatabase } from '../src/db/pglite-initdb.ts';

/** Opens the migrated template as an embedded database and reads some of its PostgreSQL settings. */
async function pgliteSettings(sharedBuffers?: string) {
  const dump = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]), sharedBuffers });
  try {
    const show = async (name: string) =>
      (await database.executeSql(`SHOW ${name}`)).rows[0] as Record<string, string>;
    return { ...(await show('shared_buffers')), ...(await show('max_connections')) };
  } finally {
    await database.close();
  }
}

/** The embedded database's own tests run in the PGlite project only; the PostgreSQL project would repeat them. */
const embeddedOnly = it.skipIf(process.env.WAYMARK_TEST_POSTGRES_URL);

describe('embedded database settings', () => {
  embeddedOnly(
    'runs PGlite with a small buffer pool and few connection slots unless told otherwise',
    async () => {
      expect(await pgliteSettings()).toEqual({ shared_buffers: '16MB', max_connections: '8' });
      expect(await pgliteSettings('48MB')).toEqual({ shared_buffers: '48MB', max_connections: '8' });
    },
  );

  it('takes PGLITE_SHARED_BUFFERS from the environment and refuses values PostgreSQL would not read', () => {
    const base = { SECRET_KEY: 'test-secret-key-0123456789', DATA_DIR: '/tmp/waymark-config-test' };
    expect(loadConfig(base).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '256MB' }).pgliteSharedBuffers).toBe('256MB');
    for (const bad of ['16', '16 MB', '0MB', 'lots']) {
      expect(() => loadConfig({ ...base, PGLITE_SHARED_BUFFERS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, PGLITE_SHARED_BUFFERS: bad })).toThrow(
        'PGLITE_SHARED_BUFFERS: must be a size such as 16MB (kB, MB or GB)',
      );
    }
  });
});

describe('an embedded database created and migrated by the process that uses it (the first run)', () => {
  embeddedOnly('sends and reads arrays of every enum the migrations created, without a restart', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const { rows } = await database.executeSql(
        `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
           FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY t.typname`,
      );
      const enums = rows as Array<{ name: string; labels: string[] }>;
      expect(enums.map((e) => e.name)).toEqual(expect.arrayContaining(['project_role', 'workspace_role']));
      for (const { name, labels } of enums) {
        // Before PGlite learnt the new array types again, ['reader', 'owner'] travelled as the text
        // 'reader,owner': 'malformed array literal'.
        const answer = await database.executeSql(`SELECT $1::${name}[] AS given`, [labels]);
        expect(answer.rows).toEqual([{ given: labels }]);
      }
    } finally {
      await database.close();
    }
  });
});

describe('dates read from the embedded database', () => {
  embeddedOnly(
    'are Dates for raw statements (pg-boss), text for Drizzle to map, and Dates in its columns',
    async () => {
      const dump = readFileSync(inject('pgliteTemplate'));
      const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
      try {
        const at = '2026-11-28 01:02:03.456+00';
        const raw = await database.executeSql(`SELECT $1::timestamptz AS at, $1::date AS day`, [at]);
        expect(raw.rows[0]).toEqual({ at: new Date(at), day: new Date('2026-11-28') });
        const unparameterised = await database.executeSql(`SELECT '${at}'::timestamptz AS at`);
        expect(unparameterised.rows[0]).toEqual({ at: new Date(at) });
        // Drizzle's raw SQL answers them as text, its columns as the Dates they map them to, in and out of a
        // transaction.
        const text = (await database.db.execute(sql`SELECT ${at}::timestamptz AS at`)) as unknown as {
          rows: Array<{ at: unknown }>;
        };
        expect(text.rows[0]?.at).toBe('2026-11-28 01:02:03.456+00');
        const [setting] = await database.db
          .insert(serverSettings)
          .values({ key: 'dates-test', value: true, updatedAt: new Date(at) })
          .returning({ updatedAt: serverSettings.updatedAt });
        expect(setting?.updatedAt).toEqual(new Date(at));
        const inTransaction = await database.db.transaction((tx) =>
          tx
            .select({ updatedAt: serverSettings.updatedAt })
            .from(serverSettings)
            .where(eq(serverSettings.key, 'dates-test')),
        );
        expect(inTransaction).toEqual([{ updatedAt: new Date(at) }]);
      } finally {
        await database.close();
      }
    },
  );
});

describe('a new data folder', () => {
  embeddedOnly(
    'gets its database from a thread of its own, then this process opens and migrates it',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-initdb-'));
      try {
        expect(hasPgliteDatabase(dataDir)).toBe(false);
        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          expect(hasPgliteDatabase(dataDir)).toBe(true);
          await database.migrate();
          await database.executeSql(
            `INSERT INTO server_settings (key, value) VALUES ('initdb-test', '"kept"')`,
          );
        } finally {
          await database.close();
        }
        // Opened again as on any later start: the same database, nothing made anew.
        const again = await openDatabase({ kind: 'pglite', dataDir });
        try {
          const { rows } = await again.executeSql(
            `SELECT value FROM server_settings WHERE key = 'initdb-test'`,
          );
          expect(rows).toEqual([{ value: 'kept' }]);
        } finally {
          await again.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  embeddedOnly('says which folder could not get a database', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'waymark-initdb-'));
    try {
      // A file where the data folder should be: PGlite cannot make its files in it.
      const dataDir = path.join(parent, 'not-a-folder');
      writeFileSync(dataDir, 'a file');
      await expect(createPgliteDatabase(dataDir, [])).rejects.toThrow(
        `The embedded database could not be created in ${dataDir}: `,
      );
      expect(hasPgliteDatabase(parent)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.WAYMARK_TEST_POSTGRES_URL)('PostgreSQL connections', () => {
  it('run without JIT compilation (the server default is on), whatever the pool connection', async () => {
    const url = process.env.WAYMARK_TEST_POSTGRES_URL ?? '';
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      const jit = async () => ((await database.executeSql('SHOW jit')).rows[0] as { jit: string }).jit;
      // Two at once take two connections of the pool.
      expect(await Promise.all([jit(), jit()])).toEqual(['off', 'off']);
    } finally {
      await database.close();
    }
  });
});

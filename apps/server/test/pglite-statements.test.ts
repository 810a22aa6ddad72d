import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { serverSettings } from '../src/db/schema.ts';

/** The embedded database's own tests run in the PGlite project only; the PostgreSQL project would repeat them. */
const embeddedOnly = it.skipIf(process.env.WAYMARK_TEST_POSTGRES_URL);

async function withTemplate(work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) {
  const dump = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

/** The statements the embedded database holds prepared, by text. */
async function preparedTexts(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const { rows } = await database.executeSql('SELECT statement FROM pg_prepared_statements');
  return rows.map((row) => (row as { statement: string }).statement);
}

describe('statements with values on the embedded database', () => {
  embeddedOnly('are parsed once and then run with new values, in and out of transactions', async () => {
    await withTemplate(async ({ db, ...database }) => {
      const find = (key: string, from: Pick<typeof db, 'select'> = db) =>
        from.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, key));
      for (const key of ['a', 'b', 'c']) {
        await db.insert(serverSettings).values({ key, value: { key, on: key !== 'b' } });
      }
      expect(await find('b')).toEqual([{ value: { key: 'b', on: false } }]);
      expect(await db.transaction((tx) => find('c', tx))).toEqual([{ value: { key: 'c', on: true } }]);
      expect(await find('none')).toEqual([]);
      const texts = await preparedTexts({ db, ...database });
      // One prepared statement for the insert and one for the select, whatever the values and the transaction.
      expect(texts.filter((text) => text.startsWith('insert into "server_settings"'))).toHaveLength(1);
      expect(texts.filter((text) => text.startsWith('select "value" from "server_settings"'))).toHaveLength(
        1,
      );
    });
  });

  embeddedOnly('answer as PGlite does: nulls, counts, objects or arrays of values', async () => {
    await withTemplate(async ({ db }) => {
      const raw = (await db.execute(
        sql`SELECT ${null}::text AS nothing, ${7}::int AS seven, ${true}::boolean AS yes`,
      )) as unknown as {
        rows: unknown[];
        affectedRows?: number;
      };
      expect(raw.rows).toEqual([{ nothing: null, seven: 7, yes: true }]);
      await db.insert(serverSettings).values([
        { key: 'x', value: 1 },
        { key: 'y', value: 2 },
      ]);
      const updated = (await db
        .update(serverSettings)
        .set({ value: 3 })
        .where(sql`${serverSettings.key} IN (${'x'}, ${'y'})`)) as unknown as { affectedRows?: number };
      expect(updated.affectedRows).toBe(2);
    });
  });

  embeddedOnly('fail as PGlite does, and leave the database and its transactions usable', async () => {
    await withTemplate(async ({ db }) => {
      await db.insert(serverSettings).values({ key: 'once', value: 1 });
      const again = db.insert(serverSettings).values({ key: 'once', value: 2 });
      await expect(again).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(serverSettings).values({ key: 'rolled-back', value: 1 });
          await tx.insert(serverSettings).values({ key: 'once', value: 3 });
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      const keys = await db
        .select({ key: serverSettings.key })
        .from(serverSettings)
        .where(eq(serverSettings.value, 1));
      expect(keys.map((row) => row.key)).toContain('once');
      expect(keys.map((row) => row.key)).not.toContain('rolled-back');
    });
  });
});

import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/db/database.ts';
import { createQueryRecorder, generateQuerySql } from './sql/generate.ts';

/**
 * Writes apps/server/src/queries/<repository>.sql: the SQL each repository method sends (`sql/generate.ts`), on a
 * fresh in-memory database. apps/server/test/query-sql.test.ts fails when the files are stale.
 */
const folder = path.resolve(import.meta.dirname, '../src/queries');
const recorder = createQueryRecorder();
const database = await openDatabase({ kind: 'pglite', onQuery: recorder.onQuery });
await database.migrate();
const files = await generateQuerySql(database.db, recorder);
await database.close();
for (const name of readdirSync(folder)) {
  if (name.endsWith('.sql') && !files.has(name)) rmSync(path.join(folder, name));
}
for (const [name, text] of files) writeFileSync(path.join(folder, name), text);
console.log(`Wrote ${files.size} files in apps/server/src/queries/`);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createQueryRecorder, generateQuerySql } from '../scripts/sql/generate.ts';
import { openTestDatabase } from './test-server.ts';

const COMMITTED = path.resolve(import.meta.dirname, '../src/queries');

describe('the committed SQL of the repositories (src/queries/*.sql)', () => {
  it('is the SQL the repositories send', async () => {
    const recorder = createQueryRecorder();
    const { database, drop } = await openTestDatabase(recorder.onQuery);
    try {
      const generated = await generateQuerySql(database.db, recorder);
      const committed = readdirSync(COMMITTED).filter((name) => name.endsWith('.sql'));
      expect(committed.sort(), 'src/queries/ has other files: run `npm run sql` and commit them').toEqual(
        [...generated.keys()].sort(),
      );
      for (const [name, text] of generated) {
        expect(
          readFileSync(path.join(COMMITTED, name), 'utf8'),
          `src/queries/${name} differs from the repositories: run \`npm run sql\` and commit it`,
        ).toBe(text);
      }
    } finally {
      await drop();
    }
  });
});

import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { apply } from './changes/apply.ts';
import { diff } from './changes/diff.ts';
import { readChanges } from './changes/read-changes.ts';
import { GpkgDiffError, InvalidDatabaseError } from './errors.ts';
import { vector } from './testing/vectors.ts';

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-inputs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder like the blob store's, holding copies of two vector files switched to WAL mode (the hard case). */
function storeWithWalFiles(name: string): { store: string; base: string; modified: string } {
  const store = join(work, name);
  mkdirSync(store);
  const base = join(store, 'base');
  const modified = join(store, 'modified');
  copyFileSync(vector('base.gpkg'), base);
  copyFileSync(vector('2_updates/updated_A.gpkg'), modified);
  for (const path of [base, modified]) {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.close();
  }
  return { store, base, modified };
}

/** Names, sizes and modification times of a folder's files. */
function listing(folder: string): string[] {
  return readdirSync(folder).map((name) => {
    const stats = statSync(join(folder, name));
    return `${name} ${stats.size} ${stats.mtimeMs}`;
  });
}

describe('inputs are only read', () => {
  it('creates no journal, -wal or -shm file beside WAL-mode inputs and changes none of their bytes', () => {
    const { store, base, modified } = storeWithWalFiles('store');
    expect(readFileSync(base)[18]).toBe(2);
    const before = listing(store);
    const bytes = [readFileSync(base), readFileSync(modified)];
    const output = join(work, 'out');
    mkdirSync(output);

    const result = diff(base, modified, join(output, 'changeset.diff'));
    expect(result.summary).toEqual([{ table: 'simple', insert: 0, update: 1, delete: 0 }]);
    expect([...readChanges(join(output, 'changeset.diff'), modified)]).toHaveLength(1);
    apply(base, join(output, 'changeset.diff'), join(output, 'applied.gpkg'));

    expect(listing(store)).toEqual(before);
    expect(readFileSync(base).equals(bytes[0]!)).toBe(true);
    expect(readFileSync(modified).equals(bytes[1]!)).toBe(true);
    expect(readdirSync(output).sort()).toEqual(['applied.gpkg', 'changeset.diff']);
  });

  it('still touches nothing when SQLite URI filenames are off (reads a temporary copy of WAL-mode files)', () => {
    const { store, base, modified } = storeWithWalFiles('store-without-uris');
    const before = listing(store);
    const script = fileURLToPath(new URL('./testing/run-diff.ts', import.meta.url));
    const changeset = join(work, 'without-uris.diff');
    const printed = execFileSync(process.execPath, ['--import', 'tsx', script, base, modified, changeset], {
      env: { ...process.env, SQLITE_USE_URI: '0' },
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({
      summary: [{ table: 'simple', insert: 0, update: 1, delete: 0 }],
      size: 107,
    });
    expect(readFileSync(changeset).equals(readFileSync(vector('2_updates/base-updated_A.diff')))).toBe(true);
    expect(listing(store)).toEqual(before);
  });

  it('runs in a worker thread, as the server runs it, still touching nothing', async () => {
    const { store, base, modified } = storeWithWalFiles('store-worker');
    const before = listing(store);
    const changeset = join(work, 'worker.diff');
    // The worker loads the TypeScript module through tsx, as the test runner does here.
    const script = new URL('./testing/diff-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(script)}, ${JSON.stringify(script)}))`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { base, modified, changeset } });
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(message).toEqual({
      result: { summary: [{ table: 'simple', insert: 0, update: 1, delete: 0 }], size: 107 },
    });
    expect(listing(store)).toEqual(before);
  });

  it('refuses a missing file and a file that is not a database with InvalidDatabaseError naming which one', () => {
    const notDatabase = join(work, 'not-a-database.gpkg');
    copyFileSync(vector('README.md'), notDatabase);
    const changeset = join(work, 'never.diff');
    expect(() => diff(join(work, 'missing.gpkg'), vector('base.gpkg'), changeset)).toThrow(
      new InvalidDatabaseError('The base file does not exist'),
    );
    expect(() => diff(vector('base.gpkg'), notDatabase, changeset)).toThrow(
      new InvalidDatabaseError('The modified file is not an SQLite database'),
    );
    expect(() =>
      apply(notDatabase, vector('2_updates/base-updated_A.diff'), join(work, 'never.gpkg')),
    ).toThrow(InvalidDatabaseError);
    expect(readdirSync(work).filter((name) => name.startsWith('never'))).toEqual([]);
  });

  it('refuses a damaged base (header intact, pages garbled or cut off) with InvalidDatabaseError, never a raw SQLite error', () => {
    const source = readFileSync(vector('base.gpkg'));
    const damaged = join(work, 'damaged.gpkg');
    const changeset = join(work, 'never-damaged.diff');
    let checked = 0;
    for (let at = 100; at < Math.min(source.length, 16_384); at += 700) {
      const garbled = Buffer.from(source);
      for (let i = 0; i < 64; i++) garbled[at + i] = (i * 37) & 255;
      for (const bytes of [garbled, source.subarray(0, at + 400)]) {
        writeFileSync(damaged, bytes);
        let failure: unknown;
        try {
          diff(damaged, vector('base.gpkg'), changeset);
        } catch (error) {
          failure = error;
        }
        if (failure === undefined) continue;
        checked += 1;
        // The server records these as the file's problem; a raw SQLite error would fail its job again and again.
        expect(failure).toBeInstanceOf(GpkgDiffError);
      }
    }
    // Most of these damages are noticed (the rest hit bytes no query reads).
    expect(checked).toBeGreaterThan(10);
  });
});

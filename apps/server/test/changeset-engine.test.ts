import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createChangesetEngine } from '../src/changesets/engine.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const CHILD = path.join(import.meta.dirname, 'changeset-engine-child.ts');
const work = mkdtempSync(path.join(tmpdir(), 'waymark-engine-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Two stored blobs in WAL mode (the case that needs `immutable=1` to be read without writing beside them). */
function walBlobs(): { base: string; modified: string } {
  const store = path.join(work, 'store');
  mkdirSync(store, { recursive: true });
  const base = path.join(store, 'base');
  const modified = path.join(store, 'modified');
  copyFileSync(path.join(FIXTURES, 'base.gpkg'), base);
  copyFileSync(path.join(FIXTURES, 'modified.gpkg'), modified);
  for (const file of [base, modified]) {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.close();
  }
  return { base, modified };
}

/**
 * Runs a diff through the engine in a fresh process whose temporary folder is unusable (a file), so a worker that
 * copies a WAL-mode blob to a temporary folder fails instead of going unnoticed.
 */
function diffInChild(base: string, modified: string, name: string, env: Record<string, string>): unknown {
  const notAFolder = path.join(work, 'not-a-folder');
  writeFileSync(notAFolder, '');
  const { SQLITE_USE_URI: _, ...inherited } = process.env;
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', CHILD, base, modified, path.join(work, name)],
    { env: { ...inherited, TMPDIR: notAFolder, TSX_DISABLE_CACHE: '1', ...env }, encoding: 'utf8' },
  );
  return JSON.parse(printed);
}

describe('changeset engine', () => {
  it('makes its worker threads open stored blobs immutable: WAL-mode blobs are read in place, not copied', () => {
    const { base, modified } = walBlobs();
    const before = readdirSync(path.dirname(base)).sort();
    const result = diffInChild(base, modified, 'changes.diff', {}) as { summary: unknown[]; size: number };
    expect(result.summary).toContainEqual({ table: 'points', insert: 2, update: 4, delete: 1 });
    expect(result.size).toBeGreaterThan(0);
    // Nothing was written beside the blobs (no -wal, -shm or journal).
    expect(readdirSync(path.dirname(base)).sort()).toEqual(before);

    // The check can fail: with URI filenames turned off the worker needs a temporary copy and cannot make one.
    expect(diffInChild(base, modified, 'without-uris.diff', { SQLITE_USE_URI: '0' })).toEqual({
      kind: 'internal',
      reason: expect.stringContaining('ENOTDIR'),
    });
  });
});

describe('warming the changeset engine', () => {
  it('starts a thread only when there is none, and a task then runs', async () => {
    const engine = createChangesetEngine({ threads: 2, taskTimeoutMs: 60_000 });
    try {
      expect(await engine.warm()).toEqual(expect.any(Number));
      expect(await engine.warm()).toBeUndefined();
      const { summary } = await engine.diff(
        path.join(FIXTURES, 'base.gpkg'),
        path.join(FIXTURES, 'modified.gpkg'),
        path.join(work, 'warmed.diff'),
        { project: 'warm' },
      );
      expect(summary).toContainEqual({ table: 'points', insert: 2, update: 4, delete: 1 });
    } finally {
      await engine.close();
    }
  });
});

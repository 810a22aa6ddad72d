import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangesetEngine, EngineError, TIMEOUT_REASONS } from '../src/changesets/engine.ts';
import { type CostlyCase, heavyMapGeoPackage, unindexedForeignKeyCase } from './costly-gpkg.ts';

/**
 * The engine's time limit and its sharing between projects, with real worker threads and a GeoPackage whose
 * changeset takes about 25 s to apply (no trigger needed: a foreign key without an index).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const MAP_GPKG = path.resolve(import.meta.dirname, 'fixtures/map/map.gpkg');
const work = mkdtempSync(path.join(tmpdir(), 'waymark-engine-limits-'));
let costly: CostlyCase;
let ordinary: { base: string; changeset: string };
let outputs = 0;
const output = () => path.join(work, `out-${(outputs += 1)}.gpkg`);

beforeAll(async () => {
  costly = unindexedForeignKeyCase();
  // The ordinary change: base.gpkg → modified.gpkg of the ogr2ogr fixtures.
  const { diff } = await import('@waymark/gpkg-diff');
  ordinary = { base: path.join(FIXTURES, 'base.gpkg'), changeset: path.join(work, 'ordinary.diff') };
  diff(ordinary.base, path.join(FIXTURES, 'modified.gpkg'), ordinary.changeset);
});
afterAll(() => {
  costly.remove();
  rmSync(work, { recursive: true, force: true });
});

/** Settles `promise` into when it settled (ms after `since`) and how. */
async function settled(promise: Promise<unknown>, since: number) {
  try {
    await promise;
    return { at: Date.now() - since, ok: true as const };
  } catch (error) {
    return { at: Date.now() - since, ok: false as const, error };
  }
}

describe('changeset engine limits', { timeout: 120_000 }, () => {
  it('stops a task at the time limit (kind timeout, nothing left beside its output), and with one thread another project goes next', async () => {
    const engine = createChangesetEngine({ threads: 1, taskTimeoutMs: 2_000 });
    try {
      const since = Date.now();
      const hostileOutput = output();
      // Three costly applies of one project queued first, then one ordinary apply of another project.
      const hostile = [hostileOutput, output(), output()].map((out) =>
        settled(engine.apply(costly.files.base, costly.files.changeset, out, { project: 'hostile' }), since),
      );
      const other = settled(
        engine.apply(ordinary.base, ordinary.changeset, output(), { project: 'ordinary' }),
        since,
      );
      const first = await hostile[0]!;
      expect(first.ok).toBe(false);
      expect(first.error).toEqual(new EngineError('timeout', TIMEOUT_REASONS.applyTask));
      expect((first.error as EngineError).kind).toBe('timeout');
      const next = await other;
      expect(next.ok).toBe(true);
      // The other project's apply ran before the hostile project's second one, not after all three (~6 s).
      const second = await Promise.race([
        hostile[1]!,
        new Promise((resolve) => setTimeout(resolve, 10, 'running')),
      ]);
      expect(second).toBe('running');
      // The stopped apply's copy is removed once its thread has ended.
      const name = path.basename(hostileOutput);
      for (let tries = 0; tries < 100; tries++) {
        if (!readdirSync(work).some((file) => file.startsWith(name))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(readdirSync(work).filter((file) => file.startsWith(name))).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('with two threads, keeps one free for other projects: an ordinary apply does not wait for a busy project', async () => {
    const engine = createChangesetEngine({ threads: 2, taskTimeoutMs: 8_000 });
    try {
      const since = Date.now();
      const hostile = [output(), output()].map((out) =>
        settled(engine.apply(costly.files.base, costly.files.changeset, out, { project: 'hostile' }), since),
      );
      const other = await settled(
        engine.apply(ordinary.base, ordinary.changeset, output(), { project: 'ordinary' }),
        since,
      );
      expect(other.ok).toBe(true);
      // Done while the hostile project's first apply still ran (stopped at 8 s on a busy machine, or done by itself a
      // few seconds in on a quiet one): without the free thread the ordinary apply would wait for it to end.
      const first = await hostile[0]!;
      if (!first.ok) expect((first.error as EngineError).kind).toBe('timeout');
      expect(other.at).toBeLessThan(first.at);
    } finally {
      await engine.close();
    }
  });

  it('runs the map on threads of its own: a tile does not wait for its own project’s costly apply', async () => {
    const engine = createChangesetEngine({ threads: 1, mapThreads: 1, taskTimeoutMs: 8_000 });
    try {
      const since = Date.now();
      const apply = settled(
        engine.apply(costly.files.base, costly.files.changeset, output(), { project: 'busy' }),
        since,
      );
      const tile = await engine.mapTile(MAP_GPKG, 'points_4326', { z: 0, x: 0, y: 0 }, { project: 'busy' });
      expect(tile.length).toBeGreaterThan(0);
      // Drawn while the apply still runs (stopped at 8 s): on the changeset engine's one thread it would wait.
      const still = await Promise.race([apply, new Promise((resolve) => setTimeout(resolve, 10, 'running'))]);
      expect(still).toBe('running');
      const stopped = await apply;
      if (!stopped.ok) expect((stopped.error as EngineError).kind).toBe('timeout');
    } finally {
      await engine.close();
    }
  });

  it('cuts one project’s tiles side by side on mapThreads, and keeps a thread for another project', async () => {
    const limit = 300;
    const engine = createChangesetEngine({ threads: 1, mapThreads: 2, taskTimeoutMs: limit });
    const heavy = heavyMapGeoPackage(work);
    try {
      // Three map threads start first (a thread's start through tsx takes longer than the limit): two quick reads
      // of the heavy project and one of the other at once.
      await Promise.all([
        engine.mapFeature(heavy, 'points_3857', 1, { project: 'heavy' }),
        engine.mapFeature(heavy, 'points_3857', 2, { project: 'heavy' }),
        engine.mapLayers(MAP_GPKG, { project: 'light' }),
      ]);
      const since = Date.now();
      const wholeWorld = { z: 0, x: 0, y: 0 };
      const costly = [0, 1].map(() =>
        settled(engine.mapTile(heavy, 'points_3857', wholeWorld, { project: 'heavy' }), since),
      );
      const light = settled(engine.mapTile(MAP_GPKG, 'points_4326', wholeWorld, { project: 'light' }), since);
      const [first, second] = await Promise.all(costly);
      for (const each of [first!, second!]) {
        expect(each.ok).toBe(false);
        expect(each.error).toEqual(new EngineError('timeout', TIMEOUT_REASONS.mapTileTask));
      }
      // Side by side, both are stopped at the limit together; one after the other, the second a limit later.
      expect(Math.abs(second!.at - first!.at)).toBeLessThan(limit);
      // The other project's tile started at once on the third thread, not after either.
      const other = await light;
      expect(other.ok).toBe(true);
      expect(other.at).toBeLessThan(Math.min(first!.at, second!.at));
    } finally {
      await engine.close();
    }
  });
});

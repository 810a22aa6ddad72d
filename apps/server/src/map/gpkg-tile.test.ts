import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import Database from 'better-sqlite3';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readTile } from './gpkg-tile.ts';

/**
 * Points thinned below z16 (one per cell of a 128×128 grid over the tile, the lowest fid): found in the R-tree
 * before any row is read, they are the points a layer without R-tree keeps after decoding every row.
 */
const MAP_GPKG = path.resolve(import.meta.dirname, '../../test/fixtures/map/map.gpkg');
const CELLS = 128;
const TILE = { z: 12, x: 2236, y: 1401 }; // Brno

let work: string;
/** The lowest fid put in each cell. */
const lowest = new Map<string, number>();

/** A GeoPackage point blob (little-endian header without envelope, srs 4326). */
function pointBlob(lon: number, lat: number): Buffer {
  const blob = Buffer.alloc(8 + 21);
  blob.write('GP', 0, 'latin1');
  blob.writeUInt8(0, 2);
  blob.writeUInt8(1, 3);
  blob.writeInt32LE(4326, 4);
  blob.writeUInt8(1, 8);
  blob.writeUInt32LE(1, 9);
  blob.writeDoubleLE(lon, 13);
  blob.writeDoubleLE(lat, 21);
  return blob;
}

/** The lon/lat of a place in cell (column, row) of TILE, `u`/`v` its fraction across the cell. */
function inCell(column: number, row: number, u: number, v: number): [number, number] {
  const n = 2 ** TILE.z;
  const tx = TILE.x + (column + u) / CELLS;
  const ty = TILE.y + (row + v) / CELLS;
  return [(tx / n) * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI];
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-thin-'));
  const file = path.join(work, 'with-rtree.gpkg');
  copyFileSync(MAP_GPKG, file);
  const db = new Database(file);
  // GDAL's triggers call SpatiaLite functions: the R-tree is filled here by hand.
  for (const { name } of db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'points_4326'")
    .all() as { name: string }[]) {
    db.exec(`DROP TRIGGER "${name}"`);
  }
  const insert = db.prepare('INSERT INTO points_4326 (fid, name, geom) VALUES (?, ?, ?)');
  const index = db.prepare(
    'INSERT INTO rtree_points_4326_geom (id, minx, maxx, miny, maxy) VALUES (?, ?, ?, ?, ?)',
  );
  // 3 points in each of 20×20 cells, away from the cells' edges; fids not in the order of the cells.
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 0.5 + 0.25;
  const fids = Array.from({ length: 1200 }, (_, i) => 1000 + ((i * 7919) % 1200));
  let at = 0;
  db.transaction(() => {
    for (let column = 10; column < 30; column++) {
      for (let row = 10; row < 30; row++) {
        for (let k = 0; k < 3; k++) {
          const fid = fids[at++]!;
          const [lon, lat] = inCell(column, row, next(), next());
          insert.run(fid, `p${fid}`, pointBlob(lon, lat));
          index.run(fid, lon, lon, lat, lat);
          const key = `${column}/${row}`;
          lowest.set(key, Math.min(lowest.get(key) ?? Infinity, fid));
        }
      }
    }
  })();
  db.close();
  const without = path.join(work, 'without-rtree.gpkg');
  copyFileSync(file, without);
  const plain = new Database(without);
  plain.exec('DROP TABLE rtree_points_4326_geom');
  plain.close();
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function idsOf(body: Uint8Array): number[] {
  const layer = new VectorTile(new PbfReader(body)).layers.points_4326;
  expect(layer?.extent).toBe(4096);
  return Array.from({ length: layer!.length }, (_, i) => Number(layer!.feature(i).id)).sort((a, b) => a - b);
}

it('keeps the lowest fid of each cell, through the R-tree or not', () => {
  const expected = [...lowest.values()].sort((a, b) => a - b);
  expect(expected).toHaveLength(400);
  const { z, x, y } = TILE;
  expect(idsOf(readTile(path.join(work, 'with-rtree.gpkg'), 'points_4326', z, x, y))).toEqual(expected);
  expect(idsOf(readTile(path.join(work, 'without-rtree.gpkg'), 'points_4326', z, x, y))).toEqual(expected);
});

it('keeps every point from z16 on', () => {
  // The z16 tile holding cells 16–23 of TILE's grid (16 cells of z12 are one z16 tile).
  const tile = { z: 16, x: TILE.x * 16 + 2, y: TILE.y * 16 + 2 };
  const ids = idsOf(readTile(path.join(work, 'with-rtree.gpkg'), 'points_4326', tile.z, tile.x, tile.y));
  // 8×8 cells of 3 points inside, and some of the neighbouring cells' in its buffer.
  expect(ids.length).toBeGreaterThanOrEqual(8 * 8 * 3);
});

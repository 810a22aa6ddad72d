import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromVectorTileJs } from '@maplibre/vt-pbf';
import { gpkgEnvelope, quoteIdentifier, type Envelope } from '@waymark/gpkg-diff';
import { MAP_TEXTS } from '@waymark/contract/map-constants';
import type { Feature } from 'geojson';
import { CutLayer, EXTENT } from './cut-layer.ts';
import { decodeMapped } from './gpkg-geometry.ts';
import {
  columnsOf,
  fidColumn,
  findLayer,
  MapLayerError,
  openGeoPackage,
  plainValue,
  rtreeOf,
} from './gpkg-read.ts';
import { cellOf, cellSql, pointThinner, THIN_BELOW_ZOOM } from './point-thinning.ts';
import { edgePoints, envelopeOf, safely, transformFor, unitTransform, type Point2 } from './srs-transform.ts';
import { windowTransform } from './window-transform.ts';

/**
 * One vector tile of a layer for the map (synchronous, run in the engine's worker threads): the features in the
 * tile's window, projected once to Web Mercator with proj4, cut by geojson-vt's single-tile cutter and encoded by
 * vt-pbf. Files are opened read-only and `immutable=1` (openReadOnly).
 */

/** Tile units a tile's features reach beyond its edges: geojson-vt's default buffer. */
const BUFFER = 64;

/** The lon/lat bounds of tile z/x/y, widened by `margin` of its size on each side. */
function tileBounds(z: number, x: number, y: number, margin: number): Envelope {
  const n = 2 ** z;
  const lon = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return {
    minX: lon(x - margin),
    maxX: lon(x + 1 + margin),
    minY: lat(Math.min(n, y + 1 + margin)),
    maxY: lat(Math.max(0, y - margin)),
  };
}

/**
 * Features cut into a tile at a time (see readTile). A chunk's GeoJSON and geojson-vt's copies of it take ~15 kB a
 * polygon of 24 vertices: 32 of them die young in an engine thread's young generation (12 MB), where 1,024 (~15 MB)
 * lived through scavenges and were moved to the old generation, to be marked and compacted there. The 12 tiles of
 * bench/map's full view promoted ~110 MB a round at 1,024, ~11 MB at 32, for ~30% less CPU (1.8–2.1 → 1.2–1.4 s,
 * the least of 6 rounds in a process of its own, young generation 12 MB, load 10–15).
 */
const CHUNK = 32;

/** A tile's geometry may stray this many tile units (of EXTENT) from the exact one when reprojected on a grid. */
const GRID_TOLERANCE_UNITS = 0.05;

/**
 * Vector tile z/x/y of `table` (one MVT layer named after the table, feature ids = fids, scalar fields as
 * attributes): only the features whose envelope meets the tile, read through the R-tree when the layer has one.
 * Below THIN_BELOW_ZOOM a point layer's points are thinned to one per grid cell (the lowest fid) from the R-tree
 * alone, before any row is read. An empty Uint8Array when no feature meets it.
 */
export function readTile(path: string, table: string, z: number, x: number, y: number): Uint8Array {
  const { db, close } = openGeoPackage(path);
  try {
    const layer = findLayer(db, table);
    if (!layer.column_name || layer.srs_id === null) {
      throw new MapLayerError(MAP_TEXTS.layerCannotBeDrawn(table, 'it has no geometry'));
    }
    const exact = transformFor(db, layer.srs_id);
    const columns = columnsOf(db, table);
    const fid = quoteIdentifier(fidColumn(columns));
    const bounds = tileBounds(z, x, y, BUFFER / EXTENT);
    // The window in the layer's own coordinates; a projection that cannot take it (far outside its area) reads all.
    const window = exact.identity ? bounds : safely(() => envelopeOf(edgePoints(bounds).map(exact.inverse)));
    // Features are read straight into Web Mercator's unit square, which geojson-vt takes as it is. A national grid
    // is projected on a grid of exact points over the window (Web Mercator and lon/lat are plain formulas).
    const unit = unitTransform(exact);
    const project =
      window && !exact.identity && !exact.mercator
        ? windowTransform(unit, window, GRID_TOLERANCE_UNITS / (2 ** z * EXTENT)).forward
        : unit.forward;
    const toUnit = (point: Point2): Point2 | undefined => {
      const out = project(point);
      return Number.isFinite(out[0]) && Number.isFinite(out[1]) ? out : undefined;
    };
    const rtree = rtreeOf(db, layer);
    const t = quoteIdentifier(table);
    const geometryColumn = layer.column_name;
    const geometryAt = columns.findIndex((column) => column.name === geometryColumn);
    // `SELECT t.*` answers the columns in table_info's order; the fid comes last.
    const select = `SELECT t.*, t.${fid} FROM ${t} t`;
    const thin = z < THIN_BELOW_ZOOM && layer.geometry_type_name?.toUpperCase() === 'POINT';
    let rows: Iterable<unknown[]>;
    let thinned = false;
    if (rtree && window) {
      const r = quoteIdentifier(rtree);
      const meets = 'r.maxx >= ? AND r.minx <= ? AND r.maxy >= ? AND r.miny <= ?';
      const box = [window.minX, window.maxX, window.minY, window.maxY];
      const cell = thin ? cellSql(exact, z, x, y) : undefined;
      if (cell) {
        // The lowest fid of each cell, found by SQLite in the R-tree; only those rows are read.
        rows = db
          .prepare(
            `${select} WHERE t.${fid} IN (SELECT min(r.id) FROM ${r} r WHERE ${meets} GROUP BY ${cell})`,
          )
          .raw()
          .iterate(...box) as IterableIterator<unknown[]>;
        thinned = true;
      } else if (thin) {
        // Another srs: the R-tree's points reprojected here (no row read yet), the lowest fid of each cell kept.
        const lowest = new Map<number, number>();
        const entries = db
          .prepare(`SELECT r.id, r.minx, r.maxx, r.miny, r.maxy FROM ${r} r WHERE ${meets}`)
          .raw()
          .iterate(...box) as IterableIterator<[number, number, number, number, number]>;
        for (const [id, minX, maxX, minY, maxY] of entries) {
          const point = toUnit([(minX + maxX) / 2, (minY + maxY) / 2]);
          if (!point) continue;
          const key = cellOf(z, x, y, point);
          const held = lowest.get(key);
          if (held === undefined || id < held) lowest.set(key, id);
        }
        rows = db
          .prepare(`${select} WHERE t.${fid} IN (SELECT value FROM json_each(?))`)
          .raw()
          .iterate(JSON.stringify([...lowest.values()])) as IterableIterator<unknown[]>;
        thinned = true;
      } else {
        rows = db
          .prepare(`${select} JOIN ${r} r ON r.id = t.${fid} WHERE ${meets}`)
          .raw()
          .iterate(...box) as IterableIterator<unknown[]>;
      }
    } else {
      rows = db.prepare(select).raw().iterate() as IterableIterator<unknown[]>;
    }
    // The tile is cut CHUNK features at a time (geojson-vt cuts each feature on its own, so the pieces are the
    // tile's): only a chunk's GeoJSON is held at once, not a screenful's, and it dies young. geoJSONToTile cuts the
    // one tile asked for, without an index's descent from z0; `maxZoom: z` keeps every vertex, as an index whose
    // deepest zoom is the tile's does.
    const cut = new CutLayer(table);
    let features: Feature[] = [];
    const cutChunk = () => {
      if (features.length === 0) return;
      const tile = geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, {
        maxZoom: z,
        extent: EXTENT,
        buffer: BUFFER,
        coordinates: 'unitSquare',
        clip: true,
        wrap: true,
      });
      features = [];
      for (const feature of tile.features) cut.add(feature);
    };
    const keepPoint = thinned ? () => true : pointThinner(z, x, y);
    for (const row of rows) {
      const blob = row[geometryAt];
      if (!rtree && window && blob instanceof Uint8Array) {
        const envelope = gpkgEnvelope(blob);
        if (
          !envelope ||
          envelope.maxX < window.minX ||
          envelope.minX > window.maxX ||
          envelope.maxY < window.minY ||
          envelope.minY > window.maxY
        ) {
          continue;
        }
      }
      const geometry = decodeMapped(blob, toUnit);
      if (!geometry) continue;
      if (geometry.type === 'Point' && !keepPoint(geometry.coordinates as Point2)) continue;
      const properties: Record<string, string | number | null> = {};
      for (let i = 0; i < columns.length; i++) {
        const value = row[i];
        if (i === geometryAt || value instanceof Uint8Array) continue;
        properties[columns[i]!.name] = plainValue(value);
      }
      const id = row[columns.length];
      features.push({
        type: 'Feature',
        ...(typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { id } : {}),
        properties,
        geometry,
      });
      if (features.length === CHUNK) cutChunk();
    }
    cutChunk();
    if (cut.length === 0) return new Uint8Array(0);
    return fromVectorTileJs({ layers: { [table]: cut } });
  } finally {
    close();
  }
}

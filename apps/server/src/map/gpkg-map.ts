import Point from '@mapbox/point-geometry';
import { geoJSONToTile, type GeoJSONVTFeature } from '@maplibre/geojson-vt';
import { fromVectorTileJs, type VectorTileFeatureLike, type VectorTileLayerLike } from '@maplibre/vt-pbf';
import { gpkgEnvelope, quoteIdentifier, type Envelope } from '@waymark/gpkg-diff';
import { MAP_TEXTS, type MapFeature, type MapLayer } from '@waymark/contract';
import type Database from 'better-sqlite3';
import type { Feature, Geometry } from 'geojson';
import { decodeGeometry, decodeMapped, reproject } from './gpkg-geometry.ts';
import {
  columnsOf,
  fidColumn,
  findLayer,
  layerRows,
  MapLayerError,
  MapNotFoundError,
  openGeoPackage,
  plainValue,
  rtreeOf,
  type LayerRow,
} from './gpkg-read.ts';
import {
  edgePoints,
  envelopeOf,
  MAX_LATITUDE,
  MERCATOR_HALF,
  safely,
  transformFor,
  type Point2,
  type Transform,
  unitTransform,
} from './srs-transform.ts';
import { windowTransform } from './window-transform.ts';

/**
 * Reads GeoPackages for the map (synchronous, run in the engine's worker threads): the layer list, one vector tile
 * of a layer (features in the tile's window, projected once to Web Mercator with proj4, cut by geojson-vt's
 * single-tile cutter and encoded by vt-pbf) and one feature. Files are opened read-only and `immutable=1`
 * (openReadOnly).
 */

/** The layer's extent in its own coordinates: its R-tree, else gpkg_contents, else a scan of the geometries. */
function nativeExtent(
  db: Database.Database,
  layer: LayerRow,
  rtree: string | undefined,
): Envelope | undefined {
  if (rtree) {
    const box = db
      .prepare(
        `SELECT min(minx) AS minX, min(miny) AS minY, max(maxx) AS maxX, max(maxy) AS maxY FROM ${quoteIdentifier(rtree)}`,
      )
      .get() as Partial<Envelope>;
    if (box.minX != null && box.minY != null && box.maxX != null && box.maxY != null) return box as Envelope;
    return undefined;
  }
  let box: Envelope | undefined;
  const geometry = quoteIdentifier(layer.column_name!);
  const rows = db
    .prepare(`SELECT ${geometry} AS g FROM ${quoteIdentifier(layer.table_name)}`)
    .raw()
    .iterate() as IterableIterator<[unknown]>;
  for (const [blob] of rows) {
    if (!(blob instanceof Uint8Array)) continue;
    const envelope = gpkgEnvelope(blob);
    if (!envelope) continue;
    box = box
      ? {
          minX: Math.min(box.minX, envelope.minX),
          minY: Math.min(box.minY, envelope.minY),
          maxX: Math.max(box.maxX, envelope.maxX),
          maxY: Math.max(box.maxY, envelope.maxY),
        }
      : { ...envelope };
  }
  return box;
}

function clampLonLat(box: Envelope): [number, number, number, number] {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [clamp(box.minX, 180), clamp(box.minY, 90), clamp(box.maxX, 180), clamp(box.maxY, 90)];
}

/** Every feature layer and attribute table of a GeoPackage, with counts, extents in EPSG:4326 and fields. */
export function readLayers(path: string): MapLayer[] {
  const { db, close } = openGeoPackage(path);
  try {
    return layerRows(db).map((layer) => {
      const columns = columnsOf(db, layer.table_name);
      const count = db.prepare(`SELECT count(*) AS n FROM ${quoteIdentifier(layer.table_name)}`).get() as {
        n: number;
      };
      const result: MapLayer = {
        table: layer.table_name,
        geometry_column: layer.column_name,
        geometry_type: layer.geometry_type_name?.toUpperCase() ?? null,
        has_z: (layer.z ?? 0) > 0,
        has_m: (layer.m ?? 0) > 0,
        srs_id: layer.srs_id,
        srs_name: null,
        feature_count: count.n,
        extent: null,
        fields: columns
          .filter((column) => column.name !== layer.column_name)
          .map((column) => ({ name: column.name, type: column.type })),
      };
      if (!layer.column_name || layer.srs_id === null) return result;
      const srs = db
        .prepare('SELECT srs_name FROM gpkg_spatial_ref_sys WHERE srs_id = ?')
        .get(layer.srs_id) as { srs_name: string | null } | undefined;
      result.srs_name = srs?.srs_name ?? null;
      let transform: Transform;
      try {
        transform = transformFor(db, layer.srs_id);
      } catch (error) {
        if (!(error instanceof MapLayerError)) throw error;
        result.error = error.message;
        return result;
      }
      const native = nativeExtent(db, layer, rtreeOf(db, layer));
      if (native) {
        const points = transform.identity ? edgePoints(native, 1) : edgePoints(native);
        const lonLat = safely(() => envelopeOf(points.map(transform.forward)));
        if (lonLat) result.extent = clampLonLat(lonLat);
      }
      return result;
    });
  } finally {
    close();
  }
}

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

/** Tile pixels: geojson-vt's default extent and buffer. */
const EXTENT = 4096;
const BUFFER = 64;
/**
 * Below this zoom, a tile keeps one point per cell of a CELLS×CELLS grid: a cell is 4 px of a 512-px tile, less
 * than a drawn point (10 px across), so the map looks the same while 200,000 points make a z11 tile of 0.9 MB
 * instead of 7 MB (bench/map).
 */
const THIN_BELOW_ZOOM = 16;
const CELLS = 128;

/**
 * The cell of a CELLS×CELLS grid over tile z/x/y that a point of Web Mercator's unit square falls in (column and
 * row may be outside it).
 */
function cellOf(z: number, x: number, y: number, [u, v]: Point2): number {
  const n = 2 ** z;
  const column = Math.floor((u * n - x) * CELLS);
  const row = Math.floor((v * n - y) * CELLS);
  return (column + CELLS) * 4 * CELLS + (row + CELLS);
}

/** Says whether a point (in the unit square) falls in a cell of tile z/x/y no earlier point took (true: keep it). */
function pointThinner(z: number, x: number, y: number): (point: Point2) => boolean {
  if (z >= THIN_BELOW_ZOOM) return () => true;
  const taken = new Set<number>();
  return (point) => {
    const key = cellOf(z, x, y, point);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
}

/**
 * The SQL of the grid cell of tile z/x/y an R-tree entry `r` of a point layer falls in (its middle: the R-tree
 * keeps 32-bit floats rounded outwards), for layers in lon/lat or Web Mercator; the same cells as `cellOf`.
 */
function cellSql(transform: Transform, z: number, x: number, y: number): string | undefined {
  const scale = 2 ** z * CELLS;
  const column = (value: string) => `floor(${value} * ${scale} - ${x * CELLS})`;
  const row = (value: string) => `floor(${value} * ${scale} - ${y * CELLS})`;
  const cx = '((r.minx + r.maxx) * 0.5)';
  const cy = '((r.miny + r.maxy) * 0.5)';
  if (transform.identity) {
    const rad = `(max(${-MAX_LATITUDE}, min(${MAX_LATITUDE}, ${cy})) * ${Math.PI / 180})`;
    return (
      `${column(`((${cx} + 180) / 360)`)} * ${4 * CELLS} + ` +
      row(`(0.5 - ln(tan(${rad}) + 1 / cos(${rad})) / ${2 * Math.PI})`)
    );
  }
  if (transform.mercator) {
    const my = `max(${-MERCATOR_HALF}, min(${MERCATOR_HALF}, ${cy}))`;
    return (
      `${column(`((${cx} + ${MERCATOR_HALF}) / ${2 * MERCATOR_HALF})`)} * ${4 * CELLS} + ` +
      row(`((${MERCATOR_HALF} - ${my}) / ${2 * MERCATOR_HALF})`)
    );
  }
  return undefined;
}

/** An Int32Array that grows as values are pushed. */
class Int32List {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * A tile's cut features as vt-pbf reads a layer (vector-tile-js's shape), kept until the tile is encoded with their
 * positions in typed arrays: a screenful's largest tile holds ~19,000 features of ~25 positions, which as geojson-vt
 * answers them (an array per position) outlive the young generation and grew an engine thread's heap by ~60 MB.
 */
class CutLayer implements VectorTileLayerLike {
  readonly version = 2;
  readonly extent = EXTENT;
  length = 0;
  private readonly types: (1 | 2 | 3)[] = [];
  private readonly ids: (number | undefined)[] = [];
  private readonly properties: Record<string, string | number | boolean>[] = [];
  /** Each feature's first ring in `rings` (and, last, the number of rings). */
  private readonly firstRing = new Int32List();
  /** Each feature's first value in `positions`. */
  private readonly firstPosition = new Int32List();
  /** Each ring's number of positions. */
  private readonly rings = new Int32List();
  /** x, y of every position of every ring, in order. */
  private readonly positions = new Int32List();

  constructor(readonly name: string) {
    this.firstRing.push(0);
  }

  add(feature: GeoJSONVTFeature): void {
    this.firstPosition.push(this.positions.length);
    // A point feature's positions are one ring's (vt-pbf writes them as one MoveTo).
    const rings = feature.type === 1 ? [feature.geometry] : feature.geometry;
    for (const ring of rings) {
      this.rings.push(ring.length);
      for (const [x, y] of ring) {
        this.positions.push(x);
        this.positions.push(y);
      }
    }
    this.firstRing.push(this.rings.length);
    this.types.push(feature.type);
    this.ids.push(typeof feature.id === 'number' ? feature.id : undefined);
    this.properties.push((feature.tags ?? {}) as Record<string, string | number | boolean>);
    this.length += 1;
  }

  feature(i: number): VectorTileFeatureLike {
    const geometry: Point[][] = [];
    let at = this.firstPosition.values[i]!;
    for (let ring = this.firstRing.values[i]!; ring < this.firstRing.values[i + 1]!; ring++) {
      const points = new Array<Point>(this.rings.values[ring]!);
      for (let k = 0; k < points.length; k++, at += 2) {
        points[k] = new Point(this.positions.values[at]!, this.positions.values[at + 1]!);
      }
      geometry.push(points);
    }
    return {
      type: this.types[i]!,
      id: this.ids[i],
      properties: this.properties[i]!,
      extent: EXTENT,
      loadGeometry: () => geometry,
    };
  }
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

/** Every field of feature `fid` of `table`, its geometry as GeoJSON in EPSG:4326. */
export function readFeature(path: string, table: string, fid: number): MapFeature {
  const { db, close } = openGeoPackage(path);
  try {
    const layer = findLayer(db, table);
    const columns = columnsOf(db, table);
    const key = fidColumn(columns);
    const row = db
      .prepare(
        `SELECT *, ${quoteIdentifier(key)} AS "__fid" FROM ${quoteIdentifier(table)} WHERE ${quoteIdentifier(key)} = ?`,
      )
      .get(fid) as Record<string, unknown> | undefined;
    if (!row) throw new MapNotFoundError(MAP_TEXTS.featureNotFound(fid));
    const properties: Record<string, string | number | null> = {};
    for (const column of columns) {
      if (column.name !== layer.column_name) properties[column.name] = plainValue(row[column.name]);
    }
    let geometry: Geometry | undefined;
    if (layer.column_name && layer.srs_id !== null) {
      const native = decodeGeometry(row[layer.column_name]);
      const transform = safely(() => transformFor(db, layer.srs_id!));
      geometry = native && transform && (transform.identity ? native : reproject(native, transform));
    }
    return {
      fid: Number(row.__fid),
      layer: table,
      properties,
      geometry: (geometry as unknown as Record<string, unknown>) ?? null,
    };
  } finally {
    close();
  }
}

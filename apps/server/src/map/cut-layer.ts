import Point from '@mapbox/point-geometry';
import type { GeoJSONVTFeature } from '@maplibre/geojson-vt';
import type { VectorTileFeatureLike, VectorTileLayerLike } from '@maplibre/vt-pbf';

/** Tile units across a tile: geojson-vt's default extent. */
export const EXTENT = 4096;

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
export class CutLayer implements VectorTileLayerLike {
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

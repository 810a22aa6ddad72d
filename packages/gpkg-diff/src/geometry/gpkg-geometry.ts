/**
 * The GeoPackage geometry blob (http://www.geopackage.org/spec/#gpb_format): 'GP', version, flags, srs_id, an
 * optional envelope, then the geometry as WKB. Only what the R-tree triggers and the detail list need.
 */

/** A 2D bounding box. */
export interface Envelope {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The header of a GeoPackage geometry blob. */
export interface GpkgHeader {
  srsId: number;
  isEmpty: boolean;
  /** The envelope the header carries, if any. */
  envelope?: Envelope;
  /** Where the WKB starts. */
  wkbOffset: number;
}

/** Bytes of the envelope for each envelope indicator (flags bits 1-3). */
const ENVELOPE_SIZES = [0, 32, 48, 48, 64];

const ISO_DIMENSIONS_STEP = 1000;
const EWKB_Z = 0x80000000;
const EWKB_M = 0x40000000;
const EWKB_SRID = 0x20000000;

/** WKB geometry type names by code (ISO 13249-3 / OGC 06-103r4). */
export const WKB_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'GEOMETRY',
  1: 'POINT',
  2: 'LINESTRING',
  3: 'POLYGON',
  4: 'MULTIPOINT',
  5: 'MULTILINESTRING',
  6: 'MULTIPOLYGON',
  7: 'GEOMETRYCOLLECTION',
  8: 'CIRCULARSTRING',
  9: 'COMPOUNDCURVE',
  10: 'CURVEPOLYGON',
  11: 'MULTICURVE',
  12: 'MULTISURFACE',
  13: 'CURVE',
  14: 'SURFACE',
  15: 'POLYHEDRALSURFACE',
  16: 'TIN',
  17: 'TRIANGLE',
};

function view(blob: Uint8Array): DataView {
  return new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
}

/** The header of a GeoPackage geometry blob, or undefined when `blob` is not one. */
export function parseGpkgHeader(blob: Uint8Array): GpkgHeader | undefined {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) return undefined;
  const flags = blob[3]!;
  const isLittleEndian = (flags & 1) === 1;
  const envelopeSize = ENVELOPE_SIZES[(flags >> 1) & 7];
  if (envelopeSize === undefined || blob.length < 8 + envelopeSize) return undefined;
  const data = view(blob);
  const header: GpkgHeader = {
    srsId: data.getInt32(4, isLittleEndian),
    isEmpty: (flags & 0x10) !== 0,
    wkbOffset: 8 + envelopeSize,
  };
  if (envelopeSize > 0) {
    header.envelope = {
      minX: data.getFloat64(8, isLittleEndian),
      maxX: data.getFloat64(16, isLittleEndian),
      minY: data.getFloat64(24, isLittleEndian),
      maxY: data.getFloat64(32, isLittleEndian),
    };
  }
  return header;
}

/** The WKB part of a GeoPackage geometry blob, or undefined when `blob` is not one. */
export function gpkgWkb(blob: Uint8Array): Uint8Array | undefined {
  const header = parseGpkgHeader(blob);
  return header ? blob.subarray(header.wkbOffset) : undefined;
}

/** A WKB geometry type: its base code (1 = point …) and how many coordinates a point has. */
interface WkbType {
  code: number;
  dimensions: number;
}

function decodeType(raw: number): WkbType {
  let code = raw;
  let dimensions = 2;
  if (code & (EWKB_Z | EWKB_M | EWKB_SRID)) {
    if (code & EWKB_Z) dimensions++;
    if (code & EWKB_M) dimensions++;
    code &= 0x0fffffff;
  }
  const extra = Math.floor(code / ISO_DIMENSIONS_STEP);
  code %= ISO_DIMENSIONS_STEP;
  if (extra === 1 || extra === 2) dimensions++;
  if (extra === 3) dimensions += 2;
  return { code, dimensions };
}

/** Walks a WKB geometry, growing an envelope with its x/y coordinates (NaN ones, of empty points, left out). */
class WkbScanner {
  private offset: number;
  private readonly data: DataView;
  readonly envelope: Envelope = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };

  constructor(wkb: Uint8Array) {
    this.data = view(wkb);
    this.offset = 0;
  }

  geometry(): void {
    const isLittleEndian = this.data.getUint8(this.offset) === 1;
    const raw = this.data.getUint32(this.offset + 1, isLittleEndian);
    this.offset += 5;
    if (raw & EWKB_SRID) this.offset += 4;
    const { code, dimensions } = decodeType(raw);
    switch (code) {
      case 1:
        this.points(1, dimensions, isLittleEndian);
        break;
      case 2:
      case 8:
        this.points(this.count(isLittleEndian), dimensions, isLittleEndian);
        break;
      case 3:
      case 17:
        for (let rings = this.count(isLittleEndian); rings > 0; rings--) {
          this.points(this.count(isLittleEndian), dimensions, isLittleEndian);
        }
        break;
      case 4:
      case 5:
      case 6:
      case 7:
      case 9:
      case 10:
      case 11:
      case 12:
      case 15:
      case 16:
        for (let parts = this.count(isLittleEndian); parts > 0; parts--) this.geometry();
        break;
      default:
        throw new RangeError(`Unsupported WKB geometry type ${code}`);
    }
  }

  private count(isLittleEndian: boolean): number {
    const value = this.data.getUint32(this.offset, isLittleEndian);
    this.offset += 4;
    return value;
  }

  private points(count: number, dimensions: number, isLittleEndian: boolean): void {
    const size = dimensions * 8;
    if (this.offset + count * size > this.data.byteLength) throw new RangeError('WKB ends early');
    const envelope = this.envelope;
    for (let i = 0; i < count; i++, this.offset += size) {
      const x = this.data.getFloat64(this.offset, isLittleEndian);
      const y = this.data.getFloat64(this.offset + 8, isLittleEndian);
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      if (x < envelope.minX) envelope.minX = x;
      if (x > envelope.maxX) envelope.maxX = x;
      if (y < envelope.minY) envelope.minY = y;
      if (y > envelope.maxY) envelope.maxY = y;
    }
  }
}

/** A GeoJSON geometry of the simple feature types (what `wkbToGeoJson` answers). */
export type SimpleGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'LineString' | 'MultiPoint'; coordinates: number[][] }
  | { type: 'Polygon' | 'MultiLineString'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** Thrown inside `WkbReader` for what it does not read (a collection, a curve): the caller's slower reader may. */
class NotSimple extends Error {}

/** Reads a WKB geometry of the simple feature types into GeoJSON coordinates, each x/y taken through `map`. */
class WkbReader {
  private offset = 0;
  private readonly data: DataView;

  constructor(
    wkb: Uint8Array,
    private readonly map: (x: number, y: number) => number[] | undefined,
  ) {
    this.data = view(wkb);
  }

  /** The geometry, or undefined when it is empty. */
  geometry(): SimpleGeometry | undefined {
    const { code, dimensions, isLittleEndian } = this.header();
    switch (code) {
      case 1: {
        const point = this.point(dimensions, isLittleEndian);
        return point && { type: 'Point', coordinates: point };
      }
      case 2: {
        const line = this.line(dimensions, isLittleEndian);
        return line.length > 0 ? { type: 'LineString', coordinates: line } : undefined;
      }
      case 3: {
        const polygon = this.polygon(dimensions, isLittleEndian);
        return polygon.length > 0 ? { type: 'Polygon', coordinates: polygon } : undefined;
      }
      case 4: {
        const points: number[][] = [];
        for (let parts = this.count(isLittleEndian); parts > 0; parts--) {
          const part = this.header();
          if (part.code !== 1) throw new NotSimple();
          const point = this.point(part.dimensions, part.isLittleEndian);
          if (point) points.push(point);
        }
        return points.length > 0 ? { type: 'MultiPoint', coordinates: points } : undefined;
      }
      case 5:
      case 6: {
        const parts: number[][][][] = [];
        for (let count = this.count(isLittleEndian); count > 0; count--) {
          const part = this.header();
          if (part.code !== code - 3) throw new NotSimple();
          parts.push(
            code === 5
              ? [this.line(part.dimensions, part.isLittleEndian)]
              : this.polygon(part.dimensions, part.isLittleEndian),
          );
        }
        if (parts.length === 0) return undefined;
        return code === 5
          ? { type: 'MultiLineString', coordinates: parts.map((part) => part[0]!) }
          : { type: 'MultiPolygon', coordinates: parts };
      }
      default:
        throw new NotSimple();
    }
  }

  private header(): WkbType & { isLittleEndian: boolean } {
    const isLittleEndian = this.data.getUint8(this.offset) === 1;
    const raw = this.data.getUint32(this.offset + 1, isLittleEndian);
    this.offset += 5;
    if (raw & EWKB_SRID) this.offset += 4;
    return { ...decodeType(raw), isLittleEndian };
  }

  private count(isLittleEndian: boolean): number {
    const value = this.data.getUint32(this.offset, isLittleEndian);
    this.offset += 4;
    return value;
  }

  /** One position (undefined for an empty point: NaN coordinates). */
  private point(dimensions: number, isLittleEndian: boolean): number[] | undefined {
    if (this.offset + dimensions * 8 > this.data.byteLength) throw new RangeError('WKB ends early');
    const x = this.data.getFloat64(this.offset, isLittleEndian);
    const y = this.data.getFloat64(this.offset + 8, isLittleEndian);
    this.offset += dimensions * 8;
    if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
    const mapped = this.map(x, y);
    if (!mapped) throw new RangeError('A position cannot be mapped');
    return mapped;
  }

  private line(dimensions: number, isLittleEndian: boolean): number[][] {
    const count = this.count(isLittleEndian);
    if (this.offset + count * dimensions * 8 > this.data.byteLength) throw new RangeError('WKB ends early');
    const positions: number[][] = new Array(count);
    for (let i = 0; i < count; i++) positions[i] = this.point(dimensions, isLittleEndian) ?? [NaN, NaN];
    return positions;
  }

  private polygon(dimensions: number, isLittleEndian: boolean): number[][][] {
    const rings: number[][][] = [];
    for (let count = this.count(isLittleEndian); count > 0; count--)
      rings.push(this.line(dimensions, isLittleEndian));
    return rings;
  }
}

/**
 * A WKB geometry of the simple feature types (point, line, polygon and their multi- forms; ISO or EWKB Z/M, whose
 * extra coordinates are left out) as GeoJSON, each x/y taken through `map` (undefined from it: the geometry cannot
 * be mapped). Undefined when the geometry is empty, cannot be mapped or is not valid WKB; 'other' for the types
 * it does not read (collections, curves).
 */
export function wkbToGeoJson(
  wkb: Uint8Array,
  map: (x: number, y: number) => number[] | undefined = (x, y) => [x, y],
): SimpleGeometry | undefined | 'other' {
  try {
    return new WkbReader(wkb, map).geometry();
  } catch (error) {
    return error instanceof NotSimple ? 'other' : undefined;
  }
}

/** The x/y envelope of a WKB geometry; undefined when it is empty or not valid WKB. */
export function wkbEnvelope(wkb: Uint8Array): Envelope | undefined {
  const scanner = new WkbScanner(wkb);
  try {
    scanner.geometry();
  } catch {
    return undefined;
  }
  return scanner.envelope.minX <= scanner.envelope.maxX ? scanner.envelope : undefined;
}

/**
 * The envelope of a GeoPackage geometry blob as GDAL's ST_MinX … read it: from the header when it carries one,
 * computed from the WKB otherwise (GDAL writes no envelope for points); undefined for empty or invalid blobs.
 */
export function gpkgEnvelope(blob: Uint8Array): Envelope | undefined {
  const header = parseGpkgHeader(blob);
  if (!header || header.isEmpty) return undefined;
  return header.envelope ?? wkbEnvelope(blob.subarray(header.wkbOffset));
}

/**
 * The type of a WKB geometry: its name ('POINT', 'MULTIPOLYGON' …) and its dimensions as WKT tags them ('', 'Z',
 * 'M' or 'ZM'; ISO codes or EWKB flags); undefined if it has none.
 */
export function wkbType(wkb: Uint8Array): { name: string; tag: string } | undefined {
  if (wkb.length < 5) return undefined;
  const data = view(wkb);
  const raw = data.getUint32(1, data.getUint8(0) === 1);
  const name = WKB_TYPE_NAMES[decodeType(raw).code];
  if (!name) return undefined;
  const iso = Math.floor((raw & 0x0fffffff) / ISO_DIMENSIONS_STEP);
  const hasZ = (raw & EWKB_Z) !== 0 || iso === 1 || iso === 3;
  const hasM = (raw & EWKB_M) !== 0 || iso === 2 || iso === 3;
  return { name, tag: `${hasZ ? 'Z' : ''}${hasM ? 'M' : ''}` };
}

/** The WKB type name of a GeoPackage geometry blob ('POINT', 'MULTIPOLYGON' …), undefined if it is not one. */
export function gpkgGeometryTypeName(blob: Uint8Array): string | undefined {
  const header = parseGpkgHeader(blob);
  return header && wkbType(blob.subarray(header.wkbOffset))?.name;
}

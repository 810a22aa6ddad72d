import type Database from 'better-sqlite3';
import { gpkgEnvelope, gpkgGeometryTypeName, parseGpkgHeader, type Envelope } from './gpkg-geometry.ts';

/** Geometry types each GeoPackage type name accepts besides itself (GDAL's OGR_GT_IsSubClassOf). */
const SUBTYPES: Readonly<Record<string, readonly string[]>> = {
  GEOMETRYCOLLECTION: ['MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'MULTICURVE', 'MULTISURFACE'],
  MULTICURVE: ['MULTILINESTRING'],
  MULTISURFACE: ['MULTIPOLYGON'],
  CURVE: ['LINESTRING', 'CIRCULARSTRING', 'COMPOUNDCURVE'],
  SURFACE: ['POLYGON', 'CURVEPOLYGON', 'TRIANGLE', 'POLYHEDRALSURFACE', 'TIN'],
  CURVEPOLYGON: ['POLYGON', 'TRIANGLE'],
  POLYGON: ['TRIANGLE'],
  POLYHEDRALSURFACE: ['TIN'],
};

/** Whether a geometry of type `actual` may be stored in a column of type `expected` (GDAL's GPKG_IsAssignable). */
export function isAssignable(expected: string, actual: string): boolean {
  const want = expected.toUpperCase();
  const have = actual.toUpperCase();
  return want === 'GEOMETRY' || want === have || (SUBTYPES[want]?.includes(have) ?? false);
}

/**
 * The envelope of a geometry blob. An R-tree trigger asks ST_MinX, ST_MaxX, ST_MinY and ST_MaxY of the same blob
 * in a row (each call gets its own copy of the bytes): the last blob and its envelope are kept to answer repeats.
 */
function envelopeReader(): (blob: unknown) => Envelope | undefined {
  let lastBlob: Buffer | undefined;
  let lastEnvelope: Envelope | undefined;
  return (blob) => {
    if (!(blob instanceof Uint8Array)) return undefined;
    const bytes = Buffer.isBuffer(blob) ? blob : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
    if (lastBlob?.equals(bytes)) return lastEnvelope;
    lastBlob = bytes;
    lastEnvelope = gpkgEnvelope(bytes);
    return lastEnvelope;
  };
}

const DETERMINISTIC = { deterministic: true } as const;

/**
 * Registers the SQL functions that the triggers of GDAL- and QGIS-made GeoPackages call (R-tree spatial index
 * maintenance: ST_IsEmpty, ST_MinX, ST_MaxX, ST_MinY, ST_MaxY; geometry type and SRS checks: ST_GeometryType,
 * ST_SRID, GPKG_IsAssignable), read from the GeoPackage geometry header as GDAL does: the envelope from the
 * header, computed from the WKB when the header has none; NULL for NULL, empty or invalid geometries.
 */
export function registerGpkgFunctions(db: Database.Database): void {
  const envelopeOf = envelopeReader();
  db.function('ST_IsEmpty', DETERMINISTIC, (blob: unknown) => {
    const header = blob instanceof Uint8Array ? parseGpkgHeader(blob) : undefined;
    return header ? (header.isEmpty ? 1 : 0) : null;
  });
  db.function('ST_MinX', DETERMINISTIC, (blob: unknown) => envelopeOf(blob)?.minX ?? null);
  db.function('ST_MaxX', DETERMINISTIC, (blob: unknown) => envelopeOf(blob)?.maxX ?? null);
  db.function('ST_MinY', DETERMINISTIC, (blob: unknown) => envelopeOf(blob)?.minY ?? null);
  db.function('ST_MaxY', DETERMINISTIC, (blob: unknown) => envelopeOf(blob)?.maxY ?? null);
  db.function('ST_GeometryType', DETERMINISTIC, (blob: unknown) =>
    blob instanceof Uint8Array ? (gpkgGeometryTypeName(blob) ?? null) : null,
  );
  db.function('ST_SRID', DETERMINISTIC, (blob: unknown) =>
    blob instanceof Uint8Array ? (parseGpkgHeader(blob)?.srsId ?? null) : null,
  );
  db.function('GPKG_IsAssignable', DETERMINISTIC, (expected: unknown, actual: unknown) =>
    typeof expected === 'string' && typeof actual === 'string'
      ? isAssignable(expected, actual)
        ? 1
        : 0
      : null,
  );
}

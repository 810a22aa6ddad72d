/** The map bench's data: seeded points and polygons over Brno, made into GeoPackages by ogr2ogr. */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The data's area: Brno and around (lon, lat). */
export const AREA = { west: 16.5, south: 49.15, east: 16.7, north: 49.25 };

/** A seeded generator of numbers in [0, 1) (mulberry32): the same data every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The two GeoPackages in `folder` (kept when there already), made by ogr2ogr from CSV files of WKT written here:
 * `counts.points` points in EPSG:4326, `counts.polygons` polygons of 24 vertices reprojected to EPSG:5514.
 */
export function makeData(
  folder: string,
  counts: { points: number; polygons: number },
): { points: string; polygons: string } {
  const made = { points: path.join(folder, 'points.gpkg'), polygons: path.join(folder, 'polygons.gpkg') };
  if (existsSync(made.points) && existsSync(made.polygons)) return made;
  const next = random(27);
  const kinds = ['tree', 'lamp', 'bench', 'hydrant', 'sign'];
  const pointRows = ['fid,name,kind,value,wkt'];
  for (let i = 1; i <= counts.points; i++) {
    const lon = AREA.west + next() * (AREA.east - AREA.west);
    const lat = AREA.south + next() * (AREA.north - AREA.south);
    pointRows.push(
      `${i},point ${i},${kinds[i % kinds.length]},${(next() * 1000).toFixed(2)},POINT (${lon} ${lat})`,
    );
  }
  writeFileSync(path.join(folder, 'points.csv'), `${pointRows.join('\n')}\n`);
  // Polygons on a grid over the same area, 24 vertices each, jittered.
  const columns = Math.ceil(Math.sqrt(counts.polygons * 2));
  const rows = Math.ceil(counts.polygons / columns);
  const cellX = (AREA.east - AREA.west) / columns;
  const cellY = (AREA.north - AREA.south) / rows;
  const classes = ['park', 'water', 'forest', 'field', 'built'];
  const polygonRows = ['fid,name,area_class,wkt'];
  for (let i = 0; i < counts.polygons; i++) {
    const cx = AREA.west + ((i % columns) + 0.5) * cellX;
    const cy = AREA.south + (Math.floor(i / columns) + 0.5) * cellY;
    const ring: string[] = [];
    for (let v = 0; v < 24; v++) {
      const angle = (v / 24) * 2 * Math.PI;
      const radius = 0.3 + next() * 0.15;
      ring.push(`${cx + Math.cos(angle) * cellX * radius} ${cy + Math.sin(angle) * cellY * radius}`);
    }
    ring.push(ring[0]!);
    polygonRows.push(`${i + 1},plot ${i + 1},${classes[i % classes.length]},"POLYGON ((${ring.join(',')}))"`);
  }
  writeFileSync(path.join(folder, 'polygons.csv'), `${polygonRows.join('\n')}\n`);
  const points = path.join(folder, 'points.gpkg');
  const polygons = path.join(folder, 'polygons.gpkg');
  const csv = ['-oo', 'GEOM_POSSIBLE_NAMES=wkt', '-oo', 'KEEP_GEOM_COLUMNS=NO', '-oo', 'AUTODETECT_TYPE=YES'];
  execFileSync('ogr2ogr', [
    '-f',
    'GPKG',
    points,
    path.join(folder, 'points.csv'),
    ...csv,
    '-preserve_fid',
    '-a_srs',
    'EPSG:4326',
    '-nln',
    'points',
    '-nlt',
    'POINT',
  ]);
  execFileSync('ogr2ogr', [
    '-f',
    'GPKG',
    polygons,
    path.join(folder, 'polygons.csv'),
    ...csv,
    '-preserve_fid',
    '-s_srs',
    'EPSG:4326',
    '-t_srs',
    'EPSG:5514',
    '-nln',
    'polygons',
    '-nlt',
    'POLYGON',
  ]);
  return { points, polygons };
}

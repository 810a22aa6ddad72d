import { MAX_LATITUDE, MERCATOR_HALF, type Point2, type Transform } from './srs-transform.ts';

/**
 * Below this zoom, a tile keeps one point per cell of a CELLS×CELLS grid: a cell is 4 px of a 512-px tile, less
 * than a drawn point (10 px across), so the map looks the same while 200,000 points make a z11 tile of 0.9 MB
 * instead of 7 MB (bench/map).
 */
export const THIN_BELOW_ZOOM = 16;
const CELLS = 128;

/**
 * The cell of a CELLS×CELLS grid over tile z/x/y that a point of Web Mercator's unit square falls in (column and
 * row may be outside it).
 */
export function cellOf(z: number, x: number, y: number, [u, v]: Point2): number {
  const n = 2 ** z;
  const column = Math.floor((u * n - x) * CELLS);
  const row = Math.floor((v * n - y) * CELLS);
  return (column + CELLS) * 4 * CELLS + (row + CELLS);
}

/** Says whether a point (in the unit square) falls in a cell of tile z/x/y no earlier point took (true: keep it). */
export function pointThinner(z: number, x: number, y: number): (point: Point2) => boolean {
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
export function cellSql(transform: Transform, z: number, x: number, y: number): string | undefined {
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

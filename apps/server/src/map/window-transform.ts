import type { Envelope } from '@waymark/gpkg-diff';
import { safely, type Point2, type Transform } from './srs-transform.ts';

/** Cells per side of the grids `windowTransform` tries, the finest last. */
const GRID_SIDES = [8, 16, 32, 64];

/** Points a window transforms exactly before it builds its grid (a 64×64 grid costs ~8,300 exact points). */
const EXACT_FIRST = 8192;

/**
 * `transform` for the points of one window (a tile's, in the layer's coordinates), interpolated bilinearly between
 * exact points of a grid over it, as GDAL's approximate transformer does: proj4js costs ~1–2 µs a point, which a
 * screenful of polygons (half a million vertices) turns into seconds. The first `exactFirst` points are transformed
 * exactly (a tile with few points never pays for a grid); then the grid is built, the coarsest whose interpolation
 * stays within `tolerance` (in the units `transform` answers: degrees, or the tile's unit square) of the exact points
 * at the middles of its cells (where it strays most); when
 * none does (a coarser grid's error tells early), or the projection fails on the grid, every point is transformed
 * exactly. Points outside the window are transformed exactly.
 */
export function windowTransform<T extends Pick<Transform, 'forward' | 'identity'>>(
  transform: T,
  window: Envelope,
  tolerance: number,
  exactFirst = EXACT_FIRST,
): T {
  if (transform.identity) return transform;
  let exactLeft = exactFirst;
  let chosen: Transform['forward'] | undefined;
  return {
    ...transform,
    forward: (point) => {
      if (chosen) return chosen(point);
      if (exactLeft > 0) {
        exactLeft -= 1;
        return transform.forward(point);
      }
      chosen = gridForward(transform, window, tolerance) ?? transform.forward;
      return chosen(point);
    },
  };
}

/** The bilinear interpolation of `windowTransform`, or undefined when no grid is fine enough. */
function gridForward(
  transform: Pick<Transform, 'forward'>,
  window: Envelope,
  tolerance: number,
): Transform['forward'] | undefined {
  const width = window.maxX - window.minX;
  const height = window.maxY - window.minY;
  if (!(width > 0 && height > 0)) return undefined;
  /** The finest grid's side the last try's error calls for (its error shrinks with the square of the side). */
  let wanted = 0;
  for (const side of GRID_SIDES) {
    if (side < wanted) continue;
    const stepX = width / side;
    const stepY = height / side;
    // Exact lon/lat of the grid's nodes, row by row: lons then lats.
    const lons = new Float64Array((side + 1) * (side + 1));
    const lats = new Float64Array((side + 1) * (side + 1));
    let usable = true;
    for (let row = 0; row <= side && usable; row++) {
      for (let column = 0; column <= side; column++) {
        const out = safely(() =>
          transform.forward([window.minX + column * stepX, window.minY + row * stepY]),
        );
        if (!out || !Number.isFinite(out[0]) || !Number.isFinite(out[1])) {
          usable = false;
          break;
        }
        lons[row * (side + 1) + column] = out[0];
        lats[row * (side + 1) + column] = out[1];
      }
    }
    if (!usable) return undefined;
    const interpolate = ([x, y]: Point2): Point2 => {
      const fx = (x - window.minX) / stepX;
      const fy = (y - window.minY) / stepY;
      if (!(fx >= 0 && fy >= 0 && fx <= side && fy <= side)) return transform.forward([x, y]);
      const column = Math.min(side - 1, Math.floor(fx));
      const row = Math.min(side - 1, Math.floor(fy));
      const u = fx - column;
      const v = fy - row;
      const at = row * (side + 1) + column;
      const above = at + side + 1;
      const a = (1 - u) * (1 - v);
      const b = u * (1 - v);
      const c = (1 - u) * v;
      const d = u * v;
      return [
        a * lons[at]! + b * lons[at + 1]! + c * lons[above]! + d * lons[above + 1]!,
        a * lats[at]! + b * lats[at + 1]! + c * lats[above]! + d * lats[above + 1]!,
      ];
    };
    let worst = 0;
    for (let row = 0; row < side && worst <= tolerance; row++) {
      for (let column = 0; column < side; column++) {
        const middle: Point2 = [window.minX + (column + 0.5) * stepX, window.minY + (row + 0.5) * stepY];
        const exact = safely(() => transform.forward(middle));
        if (!exact || !Number.isFinite(exact[0]) || !Number.isFinite(exact[1])) return undefined;
        const guess = interpolate(middle);
        worst = Math.max(worst, Math.abs(guess[0] - exact[0]), Math.abs(guess[1] - exact[1]));
        if (worst > tolerance) break;
      }
    }
    if (worst <= tolerance) return interpolate;
    // The loop above stops at the first cell over the tolerance: the side this asks for is a lower bound.
    wanted = side * Math.sqrt(worst / tolerance);
  }
  return undefined;
}

/** Web Mercator tiles: which a MapLibre screen fitted to an area asks for, and their bounds. */
import { AREA } from './data.ts';

const SCREEN = { width: 1280, height: 800, padding: 40 };
/** MapLibre's vector tiles are 512 px on screen. */
const TILE_PX = 512;

export type Tile = { z: number; x: number; y: number };

export const lonToX = (lon: number, z: number) => ((lon + 180) / 360) * 2 ** z;
export const latToY = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
};
const xToLon = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const yToLat = (y: number, z: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** The tiles a 1280×800 MapLibre map fitted to the area requests, and their zoom. */
export function fullExtentTiles(): { zoom: number; tiles: Tile[]; bounds: [number, number, number, number] } {
  const width = lonToX(AREA.east, 0) - lonToX(AREA.west, 0);
  const height = latToY(AREA.south, 0) - latToY(AREA.north, 0);
  const fit = Math.log2(
    Math.min(
      (SCREEN.width - 2 * SCREEN.padding) / (width * TILE_PX),
      (SCREEN.height - 2 * SCREEN.padding) / (height * TILE_PX),
    ),
  );
  const zoom = Math.floor(fit);
  const scale = TILE_PX * 2 ** (fit - zoom);
  const centreX = lonToX((AREA.west + AREA.east) / 2, zoom);
  const centreY = (latToY(AREA.south, zoom) + latToY(AREA.north, zoom)) / 2;
  const [x0, x1] = [centreX - SCREEN.width / 2 / scale, centreX + SCREEN.width / 2 / scale];
  const [y0, y1] = [centreY - SCREEN.height / 2 / scale, centreY + SCREEN.height / 2 / scale];
  const tiles: Tile[] = [];
  for (let x = Math.floor(x0); x <= Math.floor(x1); x++) {
    for (let y = Math.floor(y0); y <= Math.floor(y1); y++) tiles.push({ z: zoom, x, y });
  }
  return { zoom, tiles, bounds: [xToLon(x0, zoom), yToLat(y1, zoom), xToLon(x1, zoom), yToLat(y0, zoom)] };
}

/** A tile's bounds (west, south, east, north) in lon/lat. */
export function tileBounds({ z, x, y }: Tile): [number, number, number, number] {
  return [xToLon(x, z), yToLat(y + 1, z), xToLon(x + 1, z), yToLat(y, z)];
}

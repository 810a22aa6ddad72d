import { apiRoutes, type MapChanges, type MapFeature, type MapLayers, pathOf } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /v1/project/map/{ns}/{name}/layers: the GeoPackages of a version (or one file) and their layers. */
export async function fetchMapLayers(
  namespace: string,
  name: string,
  options: { version?: string; file?: string },
  signal?: AbortSignal,
): Promise<MapLayers> {
  const query: { version?: string; file?: string } = {};
  if (options.version) query.version = options.version;
  if (options.file) query.file = options.file;
  return api.map.layers({ params: { namespace, name }, query }, { signal });
}

/** The tile address template MapLibre fills ({z}/{x}/{y}), absolute as its workers need it. */
export function mapTileUrl(
  namespace: string,
  name: string,
  file: string,
  layer: string,
  version: string,
): string {
  const query = new URLSearchParams({ file, layer, version });
  // MapLibre fills the braces of the last three segments: they stay as they are, the project's names are encoded.
  const tiles = pathOf(apiRoutes.map.tile, { namespace, name, z: '{z}', x: '{x}', y: '{y}' }).replace(
    /%7Bz%7D\/%7Bx%7D\/%7By%7D\.pbf$/,
    '{z}/{x}/{y}.pbf',
  );
  return `${window.location.origin}${tiles}?${query.toString()}`;
}

/** GET …/features/{fid}: the clicked feature's fields. */
export async function fetchMapFeature(
  namespace: string,
  name: string,
  target: { file: string; layer: string; version: string; fid: number },
): Promise<MapFeature> {
  return api.map.feature({
    params: { namespace, name, fid: target.fid },
    query: { file: target.file, layer: target.layer, version: target.version },
  });
}

/** GET …/changes: the rows a version inserted, updated and deleted in a GeoPackage, as GeoJSON. */
export async function fetchMapChanges(
  namespace: string,
  name: string,
  target: { file: string; version: string },
  signal?: AbortSignal,
): Promise<MapChanges> {
  return api.map.changes(
    { params: { namespace, name }, query: { file: target.file, version: target.version } },
    { signal },
  );
}

import type { MapFeature, MapLayers } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

const segment = (value: string) => encodeURIComponent(value);
const mapAddress = (namespace: string, name: string) =>
  `/v1/project/map/${segment(namespace)}/${segment(name)}`;

/** GET /v1/project/map/{ns}/{name}/layers: the GeoPackages of a version (or one file) and their layers. */
export async function fetchMapLayers(
  namespace: string,
  name: string,
  options: { version?: string; file?: string },
  signal?: AbortSignal,
): Promise<MapLayers> {
  const params: Record<string, string> = {};
  if (options.version) params.version = options.version;
  if (options.file) params.file = options.file;
  const response = await http.get<MapLayers>(`${mapAddress(namespace, name)}/layers`, { params, signal });
  return response.data;
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
  return `${window.location.origin}${mapAddress(namespace, name)}/tiles/{z}/{x}/{y}.pbf?${query.toString()}`;
}

/** GET …/features/{fid}: the clicked feature's fields. */
export async function fetchMapFeature(
  namespace: string,
  name: string,
  target: { file: string; layer: string; version: string; fid: number },
): Promise<MapFeature> {
  const response = await http.get<MapFeature>(`${mapAddress(namespace, name)}/features/${target.fid}`, {
    params: { file: target.file, layer: target.layer, version: target.version },
  });
  return response.data;
}

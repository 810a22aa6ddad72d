import type { MapFeature, MapLayer } from '@waymark/contract';
import { readFeature, readLayers } from '../map/gpkg-map.ts';
import { MapLayerError, MapNotFoundError } from '../map/gpkg-read.ts';
import { readTile } from '../map/gpkg-tile.ts';
import { MapTooLargeError, readChangedFeatures } from '../map/gpkg-changes.ts';
import { readQgisProjectStyles, type QgisLayerStyle } from '../map/qgis-styles.ts';
import {
  attempt,
  attemptAsync,
  type EngineFailure,
  type EngineResult,
  type TaskInput,
} from './engine-task.ts';

/**
 * The map's work (layer lists, tiles, features, change maps, QGIS colours), run in the map's worker threads of
 * `engine.ts`, apart from the changeset tasks (`engine-worker.ts`).
 */

/** The map's own refusals as their kinds. */
function mapFailure(error: unknown): EngineFailure | undefined {
  if (error instanceof MapNotFoundError) return { ok: false, kind: 'not-found', reason: error.message };
  if (error instanceof MapLayerError) return { ok: false, kind: 'layer', reason: error.message };
  if (error instanceof MapTooLargeError) return { ok: false, kind: 'too-large', reason: error.message };
  return undefined;
}

/** The layers of a GeoPackage for the map (map/gpkg-map.ts). */
export function mapLayersTask(input: TaskInput & { file: string }): EngineResult<{ layers: MapLayer[] }> {
  return attempt(input, () => ({ layers: readLayers(input.file) }), mapFailure);
}

/** One vector tile of a layer (empty when no feature meets it; map/gpkg-tile.ts). */
export function mapTileTask(
  input: TaskInput & { file: string; layer: string; z: number; x: number; y: number },
): EngineResult<{ tile: Uint8Array }> {
  return attempt(
    input,
    () => ({ tile: readTile(input.file, input.layer, input.z, input.x, input.y) }),
    mapFailure,
  );
}

/** One feature of a layer with every field. */
export function mapFeatureTask(
  input: TaskInput & { file: string; layer: string; fid: number },
): EngineResult<{ feature: MapFeature }> {
  return attempt(input, () => ({ feature: readFeature(input.file, input.layer, input.fid) }), mapFailure);
}

/** The changed rows of a stored changeset as GeoJSON (map/gpkg-changes.ts), read against the file it leads to. */
export function mapChangesTask(
  input: TaskInput & { changeset: string; file: string; path: string; version: string; maxBytes: number },
): EngineResult<{ document: Uint8Array }> {
  return attempt(
    input,
    () => ({
      document: readChangedFeatures(
        input.changeset,
        input.file,
        { file: input.path, version: input.version },
        input.maxBytes,
      ),
    }),
    mapFailure,
  );
}

/** The colours a QGIS project file (`path`: its path in the project, .qgs or .qgz) gives its GeoPackage layers. */
export function mapStylesTask(
  input: TaskInput & { file: string; path: string },
): Promise<EngineResult<{ styles: QgisLayerStyle[] }>> {
  return attemptAsync(
    input,
    async () => ({ styles: await readQgisProjectStyles(input.file, input.path) }),
    mapFailure,
  );
}

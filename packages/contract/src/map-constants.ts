/**
 * The map's texts and limits, in a module of their own without zod: the engine's threads (which read GeoPackages
 * with them) import only this (`@waymark/contract/map-constants`), not the schemas: zod and the contract were ~45%
 * of that thread's code, compiled and run at the start of each thread.
 */

/** Changed rows the map of a version's changes draws at most (from the stored summary, refused before any work). */
export const MAP_CHANGES_MAX_FEATURES = 20_000;
/** Bytes of GeoJSON the map of a version's changes answers at most (big geometries). */
export const MAP_CHANGES_MAX_BYTES = 16 * 1024 * 1024;

export const MAP_TEXTS = {
  unknownSrs: (srsId: number) =>
    `Unknown spatial reference system ${srsId}: the layer cannot be shown on the map`,
  notGeoPackage: 'The file is damaged or not a GeoPackage',
  tooSlow: 'Reading the GeoPackage took too long',
  fileNotFound: (file: string) => `File ${file} not found`,
  notGeoPackageFile: (file: string) => `File ${file} is not a GeoPackage`,
  layerNotFound: (layer: string) => `Layer ${layer} not found`,
  layerCannotBeDrawn: (layer: string, reason: string) => `Layer ${layer} cannot be drawn: ${reason}`,
  featureNotFound: (fid: number) => `Feature ${fid} not found`,
  noChangeset: (file: string, version: string) => `File ${file} has no changeset in version ${version}`,
  changesetPending: 'The changes of this version are still being calculated; try again in a moment',
  tooManyChanges: (file: string, version: string, count: number, limit: number) =>
    `Version ${version} changed ${count.toLocaleString('en-US')} rows of ${file}, more than the map shows ` +
    `(${limit.toLocaleString('en-US')}); see the changes as a table instead`,
  changesTooLarge: (file: string, version: string, limit: number) =>
    `The changes of ${file} in version ${version} are larger than the map shows ` +
    `(${Math.round(limit / 1024 / 1024)} MB); see the changes as a table instead`,
  noGeometry: 'It has no geometry',
} as const;

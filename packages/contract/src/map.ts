import { z } from 'zod';

/**
 * The map of a project's GeoPackages (issue 27): the layer list, vector tiles and one feature's attributes,
 * under `/v1/project/map/{namespace}/{name}/…`. Files travel in the query (`file=`), since project paths hold `/`.
 */

/** An empty `version=` means the latest, as in GET /v1/project/raw. */
const versionQuery = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Longest file path or table name accepted in a map query (project paths and SQLite names are far shorter). */
const MAX_MAP_NAME = 1024;

export const mapLayersQuerySchema = z.object({
  version: versionQuery,
  /** Only this file (the file sidebar); every GeoPackage of the version when absent. */
  file: z.string().max(MAX_MAP_NAME).optional(),
});
export type MapLayersQuery = z.infer<typeof mapLayersQuerySchema>;

export const mapFieldSchema = z.object({ name: z.string(), type: z.string() });

/** One table of a GeoPackage: a feature layer (with geometry) or an attribute table (geometry fields null). */
export const mapLayerSchema = z.object({
  table: z.string(),
  geometry_column: z.string().nullable(),
  /** The declared type of `gpkg_geometry_columns` ('POINT', 'MULTIPOLYGON', 'GEOMETRY' …); null without geometry. */
  geometry_type: z.string().nullable(),
  has_z: z.boolean(),
  has_m: z.boolean(),
  srs_id: z.number().int().nullable(),
  srs_name: z.string().nullable(),
  feature_count: z.number().int(),
  /** [west, south, east, north] in EPSG:4326; null when empty, without geometry, or the srs is unknown. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  fields: z.array(mapFieldSchema),
  /** Why the layer cannot be drawn (an unknown srs); its count and fields are still given. */
  error: z.string().optional(),
});
export type MapLayer = z.infer<typeof mapLayerSchema>;

export const mapFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  layers: z.array(mapLayerSchema),
  /** Why the file could not be read (damaged, not a GeoPackage, too slow); `layers` is empty then. */
  error: z.string().optional(),
});
export type MapFile = z.infer<typeof mapFileSchema>;

export const mapLayersSchema = z.object({
  /** The version shown ('v3'). */
  version: z.string(),
  files: z.array(mapFileSchema),
});
export type MapLayers = z.infer<typeof mapLayersSchema>;

/** Which layer of which file at which version a tile or feature is read from. */
export const mapLayerQuerySchema = z.object({
  file: z.string({ error: 'This field is required.' }).min(1).max(MAX_MAP_NAME),
  layer: z.string({ error: 'This field is required.' }).min(1).max(MAX_MAP_NAME),
  version: versionQuery,
});
export type MapLayerQuery = z.infer<typeof mapLayerQuerySchema>;

/** Deepest zoom a tile is made for (MapLibre overzooms beyond). */
export const MAP_MAX_ZOOM = 22;

const tileNumber = z.coerce.number().int().min(0);
export const mapTileParamsSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    z: tileNumber.max(MAP_MAX_ZOOM),
    x: tileNumber,
    y: tileNumber,
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, {
    message: 'The tile is outside the map at its zoom',
  });

export const mapFeatureParamsSchema = z.object({
  namespace: z.string(),
  name: z.string(),
  fid: z.coerce
    .number()
    .int()
    .min(-(2 ** 53) + 1)
    .max(2 ** 53 - 1),
});

export const mapFeatureValueSchema = z.union([z.string(), z.number(), z.null()]);

/** GET …/features/{fid}: every field of the feature and its geometry as GeoJSON in EPSG:4326. */
export const mapFeatureSchema = z.object({
  fid: z.number(),
  layer: z.string(),
  properties: z.record(z.string(), mapFeatureValueSchema),
  /** A GeoJSON geometry; null for a NULL or empty geometry, or when it cannot be read or reprojected. */
  geometry: z.record(z.string(), z.unknown()).nullable(),
});
export type MapFeature = z.infer<typeof mapFeatureSchema>;

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
} as const;

import { z } from 'zod';

/**
 * The map of a project's GeoPackages (issue 27): the layer list, vector tiles and one feature's attributes,
 * under `/v1/project/map/{namespace}/{name}/…`. Files travel in the query (`file=`), since project paths hold `/`.
 */

/** Files the map reads: GeoPackages. */
export const isGeoPackagePath = (path: string): boolean => /\.gpkg$/i.test(path);

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

/** A colour of a QGIS symbol: '#rrggbb' and its opacity (0–1, the colour's alpha times the symbol's). */
export const mapColorSchema = z.object({
  color: z.string().regex(/^#[0-9a-f]{6}$/),
  opacity: z.number().min(0).max(1),
});
export type MapColor = z.infer<typeof mapColorSchema>;

/**
 * The plain colours of a QGIS symbol: `fill` is a marker's or a polygon's colour, `stroke` a line's colour or a
 * marker's or polygon's outline; null when the symbol has none (QGIS style 'no').
 */
export const mapSymbolSchema = z.object({
  fill: mapColorSchema.nullable(),
  stroke: mapColorSchema.nullable(),
});
export type MapSymbol = z.infer<typeof mapSymbolSchema>;

/** One category of a QGIS categorized renderer: the field's values it takes, its legend label, its symbol. */
export const mapCategorySchema = z.object({
  /** The values as text (numbers as QGIS writes them: '3', '2.5'). */
  values: z.array(z.string()),
  label: z.string(),
  /** Null when the category is switched off in QGIS: its features are not drawn. */
  symbol: mapSymbolSchema.nullable(),
});
export type MapCategory = z.infer<typeof mapCategorySchema>;

/**
 * How the project's QGIS project file (.qgs/.qgz) draws a layer, when its renderer is a single symbol or
 * categories with plain colours (simple markers, lines and fills); the map draws other layers its own way.
 */
export const mapLayerStyleSchema = z.discriminatedUnion('renderer', [
  z.object({ renderer: z.literal('single'), symbol: mapSymbolSchema }),
  z.object({
    renderer: z.literal('categorized'),
    /** The field whose value picks the category. */
    field: z.string(),
    categories: z.array(mapCategorySchema),
    /** The symbol of 'all other values'; null: features of other values are not drawn (as in QGIS). */
    other: mapSymbolSchema.nullable(),
  }),
]);
export type MapLayerStyle = z.infer<typeof mapLayerStyleSchema>;

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
  /**
   * Its colours in the version's QGIS project file (the layer list of a whole version only); absent when no
   * project file names the layer or its renderer has no plain colours.
   */
  style: mapLayerStyleSchema.optional(),
  /** The QGIS project file `style` comes from. */
  style_source: z.string().optional(),
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

/** GET …/changes: which file's changes at which version (the version is required: a version's changes). */
export const mapChangesQuerySchema = z.object({
  file: z.string({ error: 'This field is required.' }).min(1).max(MAX_MAP_NAME),
  version: z.string({ error: 'This field is required.' }).min(1).max(MAX_MAP_NAME),
});
export type MapChangesQuery = z.infer<typeof mapChangesQuerySchema>;

export const MAP_CHANGE_KINDS = ['insert', 'update', 'delete'] as const;
export type MapChangeKind = (typeof MAP_CHANGE_KINDS)[number];

/** One column of a changed row: its value before (updates, deletes) and after (inserts, updates). */
export const mapAttributeChangeSchema = z.object({
  name: z.string(),
  old: mapFeatureValueSchema.optional(),
  new: mapFeatureValueSchema.optional(),
});
export type MapAttributeChange = z.infer<typeof mapAttributeChangeSchema>;

/**
 * One changed row as a GeoJSON feature in EPSG:4326: an inserted row where it is (`role: 'new'`), a deleted row
 * where it was (`role: 'old'`), an updated row where it is now (`'new'`) and, when its geometry changed, a second
 * feature where it was (`'old'`, drawn dashed). `id` numbers the features of the answer; `fid` is the row's key.
 */
export const mapChangedFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: z.record(z.string(), z.unknown()).nullable(),
  properties: z.object({
    layer: z.string(),
    fid: z.union([z.number(), z.string()]).nullable(),
    change: z.enum(MAP_CHANGE_KINDS),
    role: z.enum(['new', 'old']),
    geometry_changed: z.boolean(),
    /** The columns the change carries (geometry left out): every value of inserts and deletes, changed ones of updates. */
    changes: z.array(mapAttributeChangeSchema),
  }),
});
export type MapChangedFeature = z.infer<typeof mapChangedFeatureSchema>;

/** One table of the changeset: its counts, and why its rows are not drawn (no geometry, an unknown srs). */
export const mapChangedLayerSchema = z.object({
  table: z.string(),
  geometry_type: z.string().nullable(),
  insert: z.number().int(),
  update: z.number().int(),
  delete: z.number().int(),
  error: z.string().optional(),
});
export type MapChangedLayer = z.infer<typeof mapChangedLayerSchema>;

/** GET /v1/project/map/{ns}/{name}/changes?file=&version=: what the version changed in the file, on a map. */
export const mapChangesSchema = z.object({
  type: z.literal('FeatureCollection'),
  version: z.string(),
  file: z.string(),
  layers: z.array(mapChangedLayerSchema),
  /** [west, south, east, north] of every drawn feature; null when none has a geometry. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  features: z.array(mapChangedFeatureSchema),
});
export type MapChanges = z.infer<typeof mapChangesSchema>;

export { MAP_CHANGES_MAX_BYTES, MAP_CHANGES_MAX_FEATURES, MAP_TEXTS } from './map-constants.ts';

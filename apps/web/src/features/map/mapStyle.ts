import type { MapFile, MapLayer } from '@waymark/contract';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { qgisLookOf } from './qgisLook.ts';

/** One drawable layer of the map: its file, table and the ids of its MapLibre source and style layers. */
export interface DrawnLayer {
  key: string;
  file: string;
  layer: MapLayer;
  sourceId: string;
  styleLayerIds: string[];
  color: string;
}

/** Distinct colours for the layers, in order (readable on the light background and most basemaps). */
const PALETTE = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#a16207', '#4d7c0f'];

/** The style without a basemap: a plain background, nothing fetched from anywhere. */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } }],
};

/** True for layers the map can draw (a geometry, a known srs). */
export function isDrawable(layer: MapLayer): boolean {
  return layer.geometry_type !== null && !layer.error;
}

/** The drawable layers of the files, each with its colour and ids. */
export function drawnLayersOf(files: MapFile[]): DrawnLayer[] {
  const out: DrawnLayer[] = [];
  files.forEach((file) => {
    for (const layer of file.layers) {
      if (!isDrawable(layer)) continue;
      const index = out.length;
      const sourceId = `gpkg-${index}`;
      out.push({
        key: `${file.path}\u0000${layer.table}`,
        file: file.path,
        layer,
        sourceId,
        styleLayerIds: [],
        color: PALETTE[index % PALETTE.length]!,
      });
    }
  });
  return out;
}

type Kind = 'point' | 'line' | 'polygon' | 'any';

function kindOf(geometryType: string): Kind {
  const type = geometryType.toUpperCase();
  if (type.includes('POINT')) return 'point';
  if (type.includes('LINE') || type.includes('CURVE')) return 'line';
  if (type.includes('POLYGON') || type.includes('SURFACE')) return 'polygon';
  return 'any';
}

/** MapLibre's geometry types of each kind (the Multi* forms as the tiles carry them). */
const GEOMETRY_TYPES: Record<Exclude<Kind, 'any'>, string[]> = {
  point: ['Point', 'MultiPoint'],
  line: ['LineString', 'MultiLineString'],
  polygon: ['Polygon', 'MultiPolygon'],
};

/** The filter of a style layer: its geometry kind (for a GEOMETRY layer) and the QGIS categories drawn. */
function filterOf(
  kind: Kind,
  only: Exclude<Kind, 'any'>,
  categories: ExpressionSpecification | undefined,
): { filter?: ExpressionSpecification } {
  const type: ExpressionSpecification | undefined =
    kind === 'any' ? ['match', ['geometry-type'], GEOMETRY_TYPES[only], true, false] : undefined;
  if (type && categories) return { filter: ['all', type, categories] };
  const filter = type ?? categories;
  return filter ? { filter } : {};
}

/**
 * The MapLibre style layers of one GeoPackage layer: circles for points, lines for lines, a fill with an outline
 * for polygons; a generic GEOMETRY layer gets all three, each for its own geometry type. Colours are the QGIS
 * project file's when the server gives them (`layer.style`), else the layer's own: a translucent fill, white-edged
 * circles.
 */
export function styleLayersOf(drawn: DrawnLayer): LayerSpecification[] {
  const kind = kindOf(drawn.layer.geometry_type ?? '');
  const base = { source: drawn.sourceId, 'source-layer': drawn.layer.table };
  const id = (suffix: string) => `${drawn.sourceId}-${suffix}`;
  const qgis = drawn.layer.style ? qgisLookOf(drawn.layer.style, drawn.color) : undefined;
  const only = (of: Exclude<Kind, 'any'>) => filterOf(kind, of, qgis?.filter);
  const layers: LayerSpecification[] = [];
  if (kind === 'polygon' || kind === 'any') {
    layers.push(
      {
        ...base,
        id: id('fill'),
        type: 'fill',
        ...only('polygon'),
        paint: qgis
          ? { 'fill-color': qgis.fillColor, 'fill-opacity': qgis.fillOpacity }
          : { 'fill-color': drawn.color, 'fill-opacity': 0.3 },
      },
      {
        ...base,
        id: id('outline'),
        type: 'line',
        ...only('polygon'),
        paint: qgis
          ? { 'line-color': qgis.strokeColor, 'line-opacity': qgis.strokeOpacity, 'line-width': 1 }
          : { 'line-color': drawn.color, 'line-width': 1.5 },
      },
    );
  }
  if (kind === 'line' || kind === 'any') {
    layers.push({
      ...base,
      id: id('line'),
      type: 'line',
      ...only('line'),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: qgis
        ? { 'line-color': qgis.lineColor, 'line-opacity': qgis.lineOpacity, 'line-width': 2.5 }
        : { 'line-color': drawn.color, 'line-width': 2.5 },
    });
  }
  if (kind === 'point' || kind === 'any') {
    layers.push({
      ...base,
      id: id('point'),
      type: 'circle',
      ...only('point'),
      paint: qgis
        ? {
            'circle-color': qgis.fillColor,
            'circle-opacity': qgis.fillOpacity,
            'circle-radius': 5,
            'circle-stroke-color': qgis.strokeColor,
            'circle-stroke-opacity': qgis.strokeOpacity,
            'circle-stroke-width': 1,
          }
        : {
            'circle-color': drawn.color,
            'circle-radius': 5,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
          },
    });
  }
  return layers;
}

/** The box holding every extent, or undefined when none is known. */
export function unionExtent(
  extents: ReadonlyArray<readonly [number, number, number, number] | null>,
): [number, number, number, number] | undefined {
  let box: [number, number, number, number] | undefined;
  for (const extent of extents) {
    if (!extent) continue;
    box = box
      ? [
          Math.min(box[0], extent[0]),
          Math.min(box[1], extent[1]),
          Math.max(box[2], extent[2]),
          Math.max(box[3], extent[3]),
        ]
      : [extent[0], extent[1], extent[2], extent[3]];
  }
  return box;
}

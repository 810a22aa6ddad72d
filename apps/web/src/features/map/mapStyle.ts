import type { MapFile, MapLayer } from '@waymark/contract';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

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

/**
 * The MapLibre style layers of one GeoPackage layer: circles for points, lines for lines, a translucent fill with
 * an outline for polygons; a generic GEOMETRY layer gets all three, each for its own geometry type.
 */
export function styleLayersOf(drawn: DrawnLayer): LayerSpecification[] {
  const kind = kindOf(drawn.layer.geometry_type ?? '');
  const base = { source: drawn.sourceId, 'source-layer': drawn.layer.table };
  const id = (suffix: string) => `${drawn.sourceId}-${suffix}`;
  const layers: LayerSpecification[] = [];
  if (kind === 'polygon' || kind === 'any') {
    layers.push(
      {
        ...base,
        id: id('fill'),
        type: 'fill',
        ...(kind === 'any' ? { filter: ['==', '$type', 'Polygon'] } : {}),
        paint: { 'fill-color': drawn.color, 'fill-opacity': 0.3 },
      },
      {
        ...base,
        id: id('outline'),
        type: 'line',
        ...(kind === 'any' ? { filter: ['==', '$type', 'Polygon'] } : {}),
        paint: { 'line-color': drawn.color, 'line-width': 1.5 },
      },
    );
  }
  if (kind === 'line' || kind === 'any') {
    layers.push({
      ...base,
      id: id('line'),
      type: 'line',
      ...(kind === 'any' ? { filter: ['==', '$type', 'LineString'] } : {}),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': drawn.color, 'line-width': 2.5 },
    });
  }
  if (kind === 'point' || kind === 'any') {
    layers.push({
      ...base,
      id: id('point'),
      type: 'circle',
      ...(kind === 'any' ? { filter: ['==', '$type', 'Point'] } : {}),
      paint: {
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

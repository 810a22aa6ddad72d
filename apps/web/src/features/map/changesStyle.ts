import type { MapChangeKind, MapChangedFeature, MapChanges } from '@waymark/contract';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';

/** The colours of the map of a version's changes: inserted green, updated amber, deleted red. */
export const CHANGE_COLORS: Record<MapChangeKind, string> = {
  insert: '#16a34a',
  update: '#d97706',
  delete: '#dc2626',
};

const colorOfChange: ExpressionSpecification = [
  'match',
  ['get', 'change'],
  'insert',
  CHANGE_COLORS.insert,
  'update',
  CHANGE_COLORS.update,
  CHANGE_COLORS.delete,
];

/** Where an updated row was before the update (drawn dashed, or as a ring for points). */
const isBefore: ExpressionSpecification = [
  'all',
  ['==', ['get', 'change'], 'update'],
  ['==', ['get', 'role'], 'old'],
];
const ofType = (...types: string[]): ExpressionSpecification => ['in', ['geometry-type'], ['literal', types]];
const POLYGONS = ofType('Polygon', 'MultiPolygon');
const LINES_OR_POLYGONS = ofType('LineString', 'MultiLineString', 'Polygon', 'MultiPolygon');
const POINTS = ofType('Point', 'MultiPoint');

/** Ids of the style layers a click may hit. */
export const CHANGE_LAYER_IDS = [
  'changes-fill',
  'changes-before-line',
  'changes-line',
  'changes-before-point',
  'changes-point',
] as const;

/**
 * The style layers of the changes' GeoJSON source: polygons filled and outlined, lines and points in the colour of
 * their change; where an updated row was before, a dashed amber outline or line, or an amber ring for a point.
 * The rows as they are now are drawn above where they were.
 */
export function changeStyleLayers(source: string): LayerSpecification[] {
  return [
    {
      id: 'changes-fill',
      type: 'fill',
      source,
      filter: ['all', POLYGONS, ['!', isBefore]],
      paint: { 'fill-color': colorOfChange, 'fill-opacity': 0.35 },
    },
    {
      id: 'changes-before-line',
      type: 'line',
      source,
      filter: ['all', LINES_OR_POLYGONS, isBefore],
      paint: { 'line-color': CHANGE_COLORS.update, 'line-width': 2, 'line-dasharray': [2, 2] },
    },
    {
      id: 'changes-line',
      type: 'line',
      source,
      filter: ['all', LINES_OR_POLYGONS, ['!', isBefore]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': colorOfChange, 'line-width': 3 },
    },
    {
      id: 'changes-before-point',
      type: 'circle',
      source,
      filter: ['all', POINTS, isBefore],
      paint: {
        'circle-radius': 6,
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-color': CHANGE_COLORS.update,
        'circle-stroke-width': 2,
      },
    },
    {
      id: 'changes-point',
      type: 'circle',
      source,
      filter: ['all', POINTS, ['!', isBefore]],
      paint: {
        'circle-radius': 6,
        'circle-color': colorOfChange,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    },
  ];
}

/** Rows inserted, updated and deleted over every table of the answer. */
export function changeTotals(changes: MapChanges): Record<MapChangeKind, number> {
  const totals = { insert: 0, update: 0, delete: 0 };
  for (const layer of changes.layers) {
    totals.insert += layer.insert;
    totals.update += layer.update;
    totals.delete += layer.delete;
  }
  return totals;
}

/** One line of a clicked row's attribute differences: the value before and after (blank where there is none). */
export interface AttributeRow {
  name: string;
  before: string;
  after: string;
  changed: boolean;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A changed row's columns for its popup: an insert has only values after, a delete only before; an update carries
 * its key's value before only (the key does not change), shown on both sides.
 */
export function attributeRows(feature: MapChangedFeature): AttributeRow[] {
  const { change, changes } = feature.properties;
  return changes.map((column) => {
    const before = change === 'insert' ? '' : text(column.old);
    const keptKey = change === 'update' && !('new' in column);
    const after = change === 'delete' ? '' : keptKey ? before : text(column.new);
    return { name: column.name, before, after, changed: change !== 'update' || !keptKey };
  });
}

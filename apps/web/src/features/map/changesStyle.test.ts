import type { MapChangedFeature } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import {
  attributeRows,
  CHANGE_COLORS,
  CHANGE_LAYER_IDS,
  changeStyleLayers,
  changeTotals,
} from './changesStyle.ts';

const feature = (
  change: MapChangedFeature['properties']['change'],
  changes: MapChangedFeature['properties']['changes'],
): MapChangedFeature => ({
  type: 'Feature',
  id: 0,
  geometry: { type: 'Point', coordinates: [16.6, 49.2] },
  properties: { layer: 'trees', fid: 3, change, role: 'new', geometry_changed: false, changes },
});

describe('the map of a version’s changes', () => {
  it('colours inserts green, updates amber and deletes red, and dashes where an updated row was', () => {
    const layers = changeStyleLayers('changes');
    expect(layers.map((layer) => layer.id)).toEqual([...CHANGE_LAYER_IDS]);
    const line = layers.find((layer) => layer.id === 'changes-line')!;
    expect(JSON.stringify(line)).toContain(CHANGE_COLORS.insert);
    expect(JSON.stringify(line)).toContain(CHANGE_COLORS.delete);
    const before = layers.find((layer) => layer.id === 'changes-before-line')!;
    expect(before.type === 'line' && before.paint?.['line-dasharray']).toEqual([2, 2]);
    expect(CHANGE_COLORS).toEqual({ insert: '#16a34a', update: '#d97706', delete: '#dc2626' });
  });

  it('shows a row’s fields before and after: inserts after only, deletes before only, an update’s key on both', () => {
    expect(attributeRows(feature('insert', [{ name: 'species', new: 'ash' }]))).toEqual([
      { name: 'species', before: '', after: 'ash', changed: true },
    ]);
    expect(attributeRows(feature('delete', [{ name: 'height', old: 17 }]))).toEqual([
      { name: 'height', before: '17', after: '', changed: true },
    ]);
    expect(
      attributeRows(
        feature('update', [
          { name: 'fid', old: 3 },
          { name: 'species', old: 'birch', new: 'silver birch' },
          { name: 'note', old: null, new: 'fenced' },
        ]),
      ),
    ).toEqual([
      { name: 'fid', before: '3', after: '3', changed: false },
      { name: 'species', before: 'birch', after: 'silver birch', changed: true },
      { name: 'note', before: '', after: 'fenced', changed: true },
    ]);
  });

  it('adds up the rows of every layer', () => {
    const totals = changeTotals({
      type: 'FeatureCollection',
      version: 'v2',
      file: 'park.gpkg',
      extent: null,
      features: [],
      layers: [
        { table: 'trees', geometry_type: 'POINT', insert: 1, update: 1, delete: 1 },
        { table: 'paths', geometry_type: 'LINESTRING', insert: 12, update: 0, delete: 0 },
      ],
    });
    expect(totals).toEqual({ insert: 13, update: 1, delete: 1 });
  });
});

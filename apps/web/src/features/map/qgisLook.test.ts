import type { MapLayerStyle } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { qgisLookOf, swatchOf } from './qgisLook.ts';

const green = { fill: { color: '#33a02c', opacity: 1 }, stroke: { color: '#232323', opacity: 0.5 } };
const blue = { fill: { color: '#1f78b4', opacity: 1 }, stroke: null };
const grey = { fill: { color: '#b2b2b2', opacity: 1 }, stroke: { color: '#232323', opacity: 1 } };

const categorized = (
  fields: Partial<Extract<MapLayerStyle, { renderer: 'categorized' }>>,
): MapLayerStyle => ({
  renderer: 'categorized',
  field: 'area_class',
  categories: [
    { values: ['park'], label: 'Park', symbol: green },
    { values: ['water', 'lake'], label: 'Water', symbol: blue },
  ],
  other: grey,
  ...fields,
});

describe('QGIS colours on the map', () => {
  it('paints a single symbol with its colours and opacities', () => {
    const look = qgisLookOf({ renderer: 'single', symbol: green }, '#1d4ed8');
    expect(look).toEqual({
      fillColor: '#33a02c',
      fillOpacity: 1,
      strokeColor: '#232323',
      strokeOpacity: 0.5,
      lineColor: '#232323',
      lineOpacity: 0.5,
    });
    // A line symbol (a stroke alone) has no fill to draw.
    expect(
      qgisLookOf({ renderer: 'single', symbol: { fill: null, stroke: green.stroke } }, '#1d4ed8'),
    ).toMatchObject({ fillOpacity: 0, lineColor: '#232323' });
  });

  it('matches categories on the field as text, other values in the other symbol', () => {
    const look = qgisLookOf(categorized({}), '#1d4ed8');
    const value = ['to-string', ['get', 'area_class']];
    expect(look.fillColor).toEqual([
      'match',
      value,
      'park',
      '#33a02c',
      'water',
      '#1f78b4',
      'lake',
      '#1f78b4',
      '#b2b2b2',
    ]);
    expect(look.strokeOpacity).toEqual(['match', value, 'park', 0.5, 'water', 0, 'lake', 0, 1]);
    expect(look.filter).toBeUndefined();
  });

  it('leaves out what QGIS does not draw: categories switched off, values of no category', () => {
    const value = ['to-string', ['get', 'area_class']];
    const off = categorized({
      categories: [
        { values: ['park'], label: 'Park', symbol: green },
        { values: ['park', 'marsh'], label: 'Off', symbol: null },
      ],
    });
    // 'park' is drawn by the first category; only 'marsh' is left out.
    expect(qgisLookOf(off, '#000000').filter).toEqual(['match', value, ['marsh'], false, true]);
    const noOther = categorized({ other: null });
    expect(qgisLookOf(noOther, '#000000').filter).toEqual([
      'match',
      value,
      ['park', 'water', 'lake'],
      true,
      false,
    ]);
    const nothing = categorized({ other: null, categories: [{ values: ['x'], label: 'X', symbol: null }] });
    expect(qgisLookOf(nothing, '#000000').filter).toEqual(['boolean', false]);
  });

  it('shows a swatch of the symbol, or of the first categories', () => {
    expect(swatchOf(undefined, '#1d4ed8')).toBe('#1d4ed8');
    expect(swatchOf({ renderer: 'single', symbol: blue }, '#1d4ed8')).toBe('#1f78b4');
    expect(swatchOf(categorized({}), '#1d4ed8')).toBe(
      'conic-gradient(#33a02c 0% 33.333333333333336%, #1f78b4 33.333333333333336% 66.66666666666667%, #b2b2b2 66.66666666666667% 100%)',
    );
  });
});

import type { MapLayer } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { drawnLayersOf, styleLayersOf, unionExtent } from './mapStyle.ts';

const layer = (fields: Partial<MapLayer> & { table: string }): MapLayer => ({
  geometry_column: 'geom',
  geometry_type: 'POINT',
  has_z: false,
  has_m: false,
  srs_id: 4326,
  srs_name: 'WGS 84',
  feature_count: 1,
  extent: null,
  fields: [],
  ...fields,
});

describe('map styles', () => {
  it('draws only layers with a geometry and a known srs, each with its own source and colour', () => {
    const drawn = drawnLayersOf([
      {
        path: 'a.gpkg',
        size: 1,
        layers: [
          layer({ table: 'trees' }),
          layer({ table: 'notes', geometry_type: null, geometry_column: null }),
          layer({ table: 'odd', error: 'Unknown spatial reference system 9' }),
          layer({ table: 'roads', geometry_type: 'MULTILINESTRING' }),
        ],
      },
    ]);
    expect(drawn.map((entry) => [entry.layer.table, entry.sourceId])).toEqual([
      ['trees', 'gpkg-0'],
      ['roads', 'gpkg-1'],
    ]);
    expect(drawn[0]!.color).not.toBe(drawn[1]!.color);
  });

  it('styles points as circles, lines as lines, polygons as fill and outline, GEOMETRY as all three', () => {
    const [points, lines, polygons, any] = drawnLayersOf([
      {
        path: 'a.gpkg',
        size: 1,
        layers: ['POINT', 'LINESTRING', 'MULTIPOLYGON', 'GEOMETRY'].map((type) =>
          layer({ table: type.toLowerCase(), geometry_type: type }),
        ),
      },
    ]);
    expect(styleLayersOf(points!).map((style) => style.type)).toEqual(['circle']);
    expect(styleLayersOf(lines!).map((style) => style.type)).toEqual(['line']);
    expect(styleLayersOf(polygons!).map((style) => style.type)).toEqual(['fill', 'line']);
    const generic = styleLayersOf(any!);
    expect(generic.map((style) => style.type)).toEqual(['fill', 'line', 'line', 'circle']);
    expect(generic.every((style) => 'filter' in style)).toBe(true);
    expect(generic.every((style) => 'source-layer' in style && style['source-layer'] === 'geometry')).toBe(
      true,
    );
  });

  it('takes the colours of the QGIS project file when the server gives them, with its category filter', () => {
    const [polygons, any] = drawnLayersOf([
      {
        path: 'a.gpkg',
        size: 1,
        layers: ['MULTIPOLYGON', 'GEOMETRY'].map((type) =>
          layer({
            table: type.toLowerCase(),
            geometry_type: type,
            style: {
              renderer: 'categorized',
              field: 'kind',
              categories: [
                {
                  values: ['park'],
                  label: 'Park',
                  symbol: { fill: { color: '#33a02c', opacity: 1 }, stroke: null },
                },
              ],
              other: null,
            },
          }),
        ),
      },
    ]);
    const [fill, outline] = styleLayersOf(polygons!);
    const kind = ['to-string', ['get', 'kind']];
    expect(fill).toMatchObject({
      type: 'fill',
      filter: ['match', kind, ['park'], true, false],
      paint: {
        'fill-color': ['match', kind, 'park', '#33a02c', polygons!.color],
        'fill-opacity': ['match', kind, 'park', 1, 0],
      },
    });
    expect(outline).toMatchObject({ type: 'line', paint: { 'line-opacity': ['match', kind, 'park', 0, 0] } });
    // A GEOMETRY layer's style layers keep their own geometry type besides.
    expect(styleLayersOf(any!)[0]!).toMatchObject({
      filter: [
        'all',
        ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false],
        ['match', kind, ['park'], true, false],
      ],
    });
  });

  it('joins extents, skipping unknown ones', () => {
    expect(unionExtent([null, [0, 1, 2, 3], [-1, 2, 1, 5]])).toEqual([-1, 1, 2, 5]);
    expect(unionExtent([null])).toBeUndefined();
  });
});

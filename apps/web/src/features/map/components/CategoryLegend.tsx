import type { MapLayerStyle } from '@waymark/contract';
import { tMap } from '../../../i18n/map.ts';
import { symbolColor } from '../qgisLook.ts';

/** Categories a layer's legend lists; the rest are counted. */
const SHOWN = 6;

interface CategoryLegendProps {
  style: Extract<MapLayerStyle, { renderer: 'categorized' }>;
  layer: string;
  file: string;
}

/** The categories of a layer drawn by its QGIS project file: each drawn category's colour and label. */
export function CategoryLegend({ style, layer, file }: CategoryLegendProps) {
  const entries = [
    ...style.categories.flatMap((category) =>
      category.symbol
        ? [
            {
              key: category.values.join('\u0000'),
              label: category.label || category.values.join(', '),
              color: symbolColor(category.symbol),
            },
          ]
        : [],
    ),
    ...(style.other
      ? [{ key: '\u0001other', label: tMap('layers.otherValues'), color: symbolColor(style.other) }]
      : []),
  ];
  const rest = entries.length - SHOWN;
  return (
    <ul
      className="map-tab__categories"
      aria-label={tMap('layers.categoriesLabel', { layer, file })}
      data-testid="map-layer-categories"
    >
      {entries.slice(0, SHOWN).map((entry) => (
        <li key={entry.key}>
          <span className="map-tab__category-swatch" style={{ background: entry.color }} aria-hidden="true" />
          {entry.label}
        </li>
      ))}
      {rest > 0 && (
        <li className="map-tab__categories-more">{tMap('layers.moreCategories', { count: rest })}</li>
      )}
    </ul>
  );
}

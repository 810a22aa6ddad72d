import type { MapLayerStyle, MapSymbol } from '@waymark/contract';
import type { ExpressionSpecification } from 'maplibre-gl';

/**
 * A layer's colours from the project's QGIS project file (the server's `style`, issue 27) as MapLibre paint
 * values: plain values for a single symbol, `match` expressions on the category field for categories, and a
 * filter leaving out what QGIS does not draw (categories switched off, values of no category without 'all other
 * values').
 */

type Paint<T> = T | ExpressionSpecification;

/** The colours MapLibre's style layers take from a QGIS style. */
export interface QgisLook {
  fillColor: Paint<string>;
  fillOpacity: Paint<number>;
  strokeColor: Paint<string>;
  strokeOpacity: Paint<number>;
  /** A line's colour: the symbol's stroke (its fill when it has none). */
  lineColor: Paint<string>;
  lineOpacity: Paint<number>;
  /** Which features are drawn; undefined: all. */
  filter?: ExpressionSpecification;
}

/** The category value a feature has: its field as text (QGIS writes category values as text). */
const valueOf = (field: string): ExpressionSpecification => ['to-string', ['get', field]];

/** The categories' drawn values, each once (MapLibre refuses a label twice), with their symbols. */
function branchesOf(style: Extract<MapLayerStyle, { renderer: 'categorized' }>): [string, MapSymbol][] {
  const seen = new Set<string>();
  const out: [string, MapSymbol][] = [];
  for (const category of style.categories) {
    for (const value of category.values) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (category.symbol) out.push([value, category.symbol]);
    }
  }
  return out;
}

/** The values QGIS leaves out: categories switched off, unless an earlier category draws that value. */
function hiddenValuesOf(style: Extract<MapLayerStyle, { renderer: 'categorized' }>): string[] {
  const drawn = new Set(branchesOf(style).map(([value]) => value));
  return style.categories.flatMap((category) =>
    category.symbol ? [] : category.values.filter((value) => !drawn.has(value)),
  );
}

function filterOf(
  style: Extract<MapLayerStyle, { renderer: 'categorized' }>,
): ExpressionSpecification | undefined {
  const field = valueOf(style.field);
  if (style.other) {
    const hidden = [...new Set(hiddenValuesOf(style))];
    return hidden.length > 0 ? ['match', field, hidden, false, true] : undefined;
  }
  const shown = branchesOf(style).map(([value]) => value);
  return shown.length > 0 ? ['match', field, shown, true, false] : ['boolean', false];
}

/** The paint of `pick` over the style's symbols: one value, or a `match` of the category field. */
function paintOf<T extends string | number>(
  style: MapLayerStyle,
  pick: (symbol: MapSymbol) => T,
  fallback: T,
): Paint<T> {
  if (style.renderer === 'single') return pick(style.symbol);
  const branches = branchesOf(style);
  const other = style.other ? pick(style.other) : fallback;
  if (branches.length === 0) return other;
  return [
    'match',
    valueOf(style.field),
    ...branches.flatMap(([value, symbol]) => [value, pick(symbol)]),
    other,
  ] as ExpressionSpecification;
}

/** The MapLibre paint values of a QGIS style; `fallback` is the colour of a symbol without one. */
export function qgisLookOf(style: MapLayerStyle, fallback: string): QgisLook {
  const line = (symbol: MapSymbol) => symbol.stroke ?? symbol.fill;
  const filter = style.renderer === 'categorized' ? filterOf(style) : undefined;
  return {
    fillColor: paintOf(style, (symbol) => symbol.fill?.color ?? fallback, fallback),
    fillOpacity: paintOf(style, (symbol) => symbol.fill?.opacity ?? 0, 0),
    strokeColor: paintOf(style, (symbol) => symbol.stroke?.color ?? fallback, fallback),
    strokeOpacity: paintOf(style, (symbol) => symbol.stroke?.opacity ?? 0, 0),
    lineColor: paintOf(style, (symbol) => line(symbol)?.color ?? fallback, fallback),
    lineOpacity: paintOf(style, (symbol) => line(symbol)?.opacity ?? 0, 0),
    ...(filter ? { filter } : {}),
  };
}

/** The colour a symbol shows in a legend: its fill, else its stroke. */
export function symbolColor(symbol: MapSymbol | null): string | undefined {
  return (symbol?.fill ?? symbol?.stroke)?.color;
}

/** A swatch's CSS background: one colour, or stripes of the first categories' colours. */
export function swatchOf(style: MapLayerStyle | undefined, fallback: string): string {
  if (!style) return fallback;
  if (style.renderer === 'single') return symbolColor(style.symbol) ?? fallback;
  const colors = [...style.categories.map((category) => category.symbol), style.other]
    .map(symbolColor)
    .filter((color): color is string => color !== undefined)
    .slice(0, 4);
  if (colors.length === 0) return fallback;
  if (colors.length === 1) return colors[0]!;
  const step = 100 / colors.length;
  const stops = colors.map((color, i) => `${color} ${i * step}% ${(i + 1) * step}%`);
  return `conic-gradient(${stops.join(', ')})`;
}

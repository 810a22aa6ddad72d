import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MapCategory, MapColor, MapLayerStyle, MapSymbol } from '@waymark/contract';
import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';

/**
 * The colours a QGIS project file (.qgs, or .qgz: a zip holding the .qgs) gives its GeoPackage layers, for the
 * map (issue 27): layers whose renderer is a single symbol or categories, every symbol made of simple markers,
 * lines and fills with a plain colour. Anything else (rules, graduated colours, SVG markers, expressions as the
 * category field, layers of other providers) is left out: the map draws those layers in its own colours.
 * Run in the engine's worker threads: a hostile project file meets the engine's time limit, never the event loop.
 */

/** A QGIS layer of a GeoPackage in the project and how it is drawn; `file` is its path in the project. */
export type QgisLayerStyle = { file: string; table: string; style: MapLayerStyle };

/** Bytes of XML read at most (QGIS projects are rarely above a few MB); a larger file has no colours. */
export const QGIS_PROJECT_MAX_BYTES = 32 * 1024 * 1024;

export const isQgisProjectPath = (file: string): boolean => /\.qg[sz]$/i.test(file);

/**
 * A parsed element: children by tag name (always arrays), attributes by name, text under '#text'; an element of
 * text alone and no attributes is that text.
 */
type Element = { [name: string]: Node[] | string | undefined; '#text'?: string };
type Node = Element | string;

/**
 * Which elements are kept: the layers' id, source and renderer. Every other subtree (layouts, forms, the layer
 * tree …) is dropped as it is read, so memory stays near the file's size.
 */
const KEPT =
  /^qgis(\.projectlayers(\.maplayer(\.(datasource|provider|layerOpacity|renderer-v2(\.(categories|symbols)(\.(category|symbol)(\.(val|layer)(\.(Option|prop)(\.Option)?)?)?)?)?))?)?)?$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  updateTag: (tag, jPath) => (KEPT.test(String(jPath)) ? tag : false),
});

const children = (element: Node | undefined, name: string): Element[] => {
  const value = typeof element === 'object' ? element[name] : undefined;
  return Array.isArray(value) ? value.filter((child) => typeof child === 'object') : [];
};
const attribute = (element: Node | undefined, name: string): string | undefined => {
  const value = typeof element === 'object' ? element[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};
/** The text of the first child `name` of `element`. */
const textOf = (element: Node, name: string): string => {
  const child = typeof element === 'object' ? element[name] : undefined;
  const first = Array.isArray(child) ? child[0] : undefined;
  return (typeof first === 'string' ? first : first?.['#text']) ?? '';
};

/** A QGIS colour ('r,g,b,a', followed by ',rgb:…' since QGIS 3.34, or '#rrggbb') and an opacity factor. */
export function colorOf(value: string | undefined, opacity: number): MapColor | undefined {
  if (!value) return undefined;
  const hex = /^#([0-9a-f]{6})$/i.exec(value.trim());
  if (hex) return { color: `#${hex[1]!.toLowerCase()}`, opacity: round(opacity) };
  const parts = value.split(',').slice(0, 4).map(Number);
  if (parts.length < 3 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    return undefined;
  }
  const [r, g, b, a = 255] = parts as [number, number, number, number?];
  const color = `#${[r, g, b].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
  return { color, opacity: round((a / 255) * opacity) };
}

const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;

/** A symbol layer's properties: `<Option type="Map"><Option name value/>` (QGIS ≥ 3.26) or `<prop k v/>`. */
function propertiesOf(layer: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const map of children(layer, 'Option')) {
    for (const option of children(map, 'Option')) {
      const name = attribute(option, 'name');
      const value = attribute(option, 'value');
      if (name !== undefined && value !== undefined) out.set(name, value);
    }
  }
  for (const prop of children(layer, 'prop')) {
    const name = attribute(prop, 'k');
    const value = attribute(prop, 'v');
    if (name !== undefined && value !== undefined && !out.has(name)) out.set(name, value);
  }
  return out;
}

/** A number of an attribute or text, `fallback` when absent or not a number. */
const numberOf = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(number) ? number : fallback;
};

/**
 * The colours of a symbol when all its enabled layers are simple ones (the topmost one shows); else undefined.
 * `layerOpacity` is the layer's, multiplied with the symbol's and the colour's own.
 */
function symbolOf(symbol: Element, layerOpacity: number): MapSymbol | undefined {
  const opacity = numberOf(attribute(symbol, 'alpha'), 1) * layerOpacity;
  const layers = children(symbol, 'layer').filter((layer) => attribute(layer, 'enabled') !== '0');
  let drawn: MapSymbol | undefined;
  for (const layer of layers) {
    const properties = propertiesOf(layer);
    const styled = (color: string | undefined, style: string | undefined) =>
      style === 'no' ? null : (colorOf(color, opacity) ?? null);
    switch (attribute(layer, 'class')) {
      case 'SimpleMarker':
      case 'SimpleFill':
        drawn = {
          fill: styled(properties.get('color'), properties.get('style')),
          stroke: styled(properties.get('outline_color'), properties.get('outline_style')),
        };
        break;
      case 'SimpleLine':
        drawn = {
          fill: null,
          stroke: styled(
            properties.get('line_color') ?? properties.get('color'),
            properties.get('line_style'),
          ),
        };
        break;
      default:
        return undefined;
    }
  }
  return drawn && (drawn.fill || drawn.stroke) ? drawn : undefined;
}

/** A category's field: a plain or double-quoted field name; expressions are not followed. */
function fieldOf(attr: string | undefined): string | undefined {
  if (!attr) return undefined;
  const quoted = /^"((?:[^"]|"")+)"$/.exec(attr);
  if (quoted) return quoted[1]!.replaceAll('""', '"');
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(attr) ? attr : undefined;
}

function styleOf(renderer: Element, opacity: number): MapLayerStyle | undefined {
  const symbols = new Map<string, Element>();
  for (const holder of children(renderer, 'symbols')) {
    for (const symbol of children(holder, 'symbol')) {
      const name = attribute(symbol, 'name');
      if (name !== undefined) symbols.set(name, symbol);
    }
  }
  switch (attribute(renderer, 'type')) {
    case 'singleSymbol': {
      const symbol = symbols.get('0');
      const drawn = symbol && symbolOf(symbol, opacity);
      return drawn ? { renderer: 'single', symbol: drawn } : undefined;
    }
    case 'categorizedSymbol': {
      const field = fieldOf(attribute(renderer, 'attr'));
      if (!field) return undefined;
      const categories: MapCategory[] = [];
      let other: MapSymbol | null = null;
      for (const category of children(renderer, 'categories').flatMap((holder) =>
        children(holder, 'category'),
      )) {
        const symbol = symbols.get(attribute(category, 'symbol') ?? '');
        const drawn = symbol && symbolOf(symbol, opacity);
        if (!drawn) return undefined;
        const shown = attribute(category, 'render') !== 'false';
        const listed = children(category, 'val').map((value) => attribute(value, 'value') ?? '');
        const values = listed.length > 0 ? listed : [attribute(category, 'value') ?? ''];
        // QGIS draws a category of an empty value as 'all other values'.
        if (values.length === 1 && values[0] === '') {
          if (shown) other = drawn;
          continue;
        }
        categories.push({
          values,
          label: attribute(category, 'label') ?? values.join(', '),
          symbol: shown ? drawn : null,
        });
      }
      return categories.length > 0 || other
        ? { renderer: 'categorized', field, categories, other }
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The GeoPackage file and table of a QGIS data source (`./survey.gpkg|layername=points`), the file's path
 * resolved against the project file's folder; undefined for other sources and paths outside the project.
 */
export function gpkgSourceOf(
  source: string,
  projectFile: string,
): { file: string; table: string } | undefined {
  const [location = '', ...options] = source.split('|');
  const table = options
    .map((option) => /^layername=(.+)$/.exec(option.trim())?.[1])
    .find((name) => name !== undefined);
  if (!table || !/\.gpkg$/i.test(location.trim())) return undefined;
  const relative = location.trim().replaceAll('\\', '/');
  if (relative.startsWith('/') || /^[a-z]:\//i.test(relative) || relative.includes(':')) return undefined;
  const file = path.posix.normalize(path.posix.join(path.posix.dirname(projectFile), relative));
  if (file.startsWith('../') || file === '..' || file.startsWith('/')) return undefined;
  return { file, table };
}

/** The colours of the GeoPackage layers of a QGIS project's XML; `projectFile` is its path in the project. */
export function readQgisStyles(xml: string, projectFile: string): QgisLayerStyle[] {
  const root = parser.parse(xml) as Element;
  const layers = children(root, 'qgis')
    .flatMap((qgis) => children(qgis, 'projectlayers'))
    .flatMap((holder) => children(holder, 'maplayer'));
  const out: QgisLayerStyle[] = [];
  for (const layer of layers) {
    if (attribute(layer, 'type') !== 'vector') continue;
    if (textOf(layer, 'provider').trim() !== 'ogr') continue;
    const source = gpkgSourceOf(textOf(layer, 'datasource'), projectFile);
    const renderer = children(layer, 'renderer-v2')[0];
    const opacity = numberOf(textOf(layer, 'layerOpacity'), 1);
    const style = source && renderer && styleOf(renderer, opacity);
    if (source && style && !out.some((known) => known.file === source.file && known.table === source.table)) {
      out.push({ ...source, style });
    }
  }
  return out;
}

/** The .qgs inside a .qgz (the zip QGIS saves: the project and its auxiliary data), up to `maxBytes`. */
async function qgsOfZip(file: string, maxBytes: number): Promise<Buffer | undefined> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      zip.on('entry', (candidate: yauzl.Entry) => {
        if (/^[^/]+\.qgs$/i.test(candidate.fileName)) resolve(candidate);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(undefined));
      zip.on('error', reject);
      zip.readEntry();
    });
    // yauzl checks that the bytes read match the size the zip declares.
    if (!entry || entry.uncompressedSize > maxBytes) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    zip.close();
  }
}

/**
 * The colours of the GeoPackage layers of the QGIS project stored at `file` (`projectFile`: its path in the
 * project, .qgs or .qgz); empty when the project file is larger than `maxBytes` or holds no .qgs.
 */
export async function readQgisProjectStyles(
  file: string,
  projectFile: string,
  maxBytes = QGIS_PROJECT_MAX_BYTES,
): Promise<QgisLayerStyle[]> {
  let xml: Buffer | undefined;
  if (/\.qgz$/i.test(projectFile)) {
    xml = await qgsOfZip(file, maxBytes);
  } else if ((await stat(file)).size <= maxBytes) {
    xml = await readFile(file);
  }
  return xml ? readQgisStyles(xml.toString('utf8'), projectFile) : [];
}

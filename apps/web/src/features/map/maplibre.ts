import { MAP_MAX_ZOOM } from '@waymark/contract';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { OFFLINE_STYLE } from './mapStyle.ts';

// MapLibre's worker is its own file, served from this origin (the CSP allows no blob: workers).
maplibregl.setWorkerUrl(workerUrl);

/** MapLibre GL JS, its worker set up; imported only by the map's lazy chunks. */
export { maplibregl };

/** True when the browser can give MapLibre a WebGL context. */
export function hasWebGL(): boolean {
  const canvas = document.createElement('canvas');
  return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
}

/**
 * A map in `container` on the basemap (or the offline style) with zoom buttons, the world in view; undefined when
 * MapLibre cannot start (logged). `data-map-ready` / `data-map-idle` on the container tell when it has drawn.
 */
export function startMap(container: HTMLElement, basemap: string | undefined): maplibregl.Map | undefined {
  let map: maplibregl.Map;
  try {
    map = new maplibregl.Map({
      container,
      style: basemap ?? OFFLINE_STYLE,
      center: [0, 20],
      zoom: 1,
      maxZoom: MAP_MAX_ZOOM + 2,
      attributionControl: basemap ? { compact: true } : false,
    });
  } catch (error) {
    console.error('The map could not start', error);
    return undefined;
  }
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  map.on('idle', () => container.setAttribute('data-map-idle', String(Date.now())));
  return map;
}

/** Room around an extent the map is fitted to, in pixels. */
const FIT_PADDING = 40;
/** Deepest zoom a fit goes to (a single point would otherwise fill the screen). */
const FIT_MAX_ZOOM = 17;

/** Shows `extent` ([west, south, east, north]) at once, with room around it. */
export function fitTo(map: maplibregl.Map, extent: readonly [number, number, number, number]): void {
  map.fitBounds([...extent], { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate: false });
}

/** What a map of the Map tab or of a version's changes draws, and how it answers clicks. */
export interface MapSetup {
  /** Shown on start; the world when undefined. */
  extent?: readonly [number, number, number, number];
  /** Adds the sources and style layers once the style has loaded (then `data-map-ready` is set). */
  onLoad(map: maplibregl.Map): void;
  /** The style layers whose features answer a click (and show a pointer cursor). */
  clickableLayers(): readonly string[];
  /** A click on the topmost of those features. */
  onFeatureClick(
    map: maplibregl.Map,
    feature: maplibregl.MapGeoJSONFeature,
    event: maplibregl.MapMouseEvent,
  ): void;
}

/**
 * A map in `container` (startMap) drawing `setup`: fitted to its extent, its layers added on load, its features
 * answering clicks. Undefined when MapLibre cannot start; the caller removes the map when done.
 */
export function mountMap(
  container: HTMLElement,
  basemap: string | undefined,
  setup: MapSetup,
): maplibregl.Map | undefined {
  const map = startMap(container, basemap);
  if (!map) return undefined;
  if (setup.extent) fitTo(map, setup.extent);
  map.on('load', () => {
    setup.onLoad(map);
    container.setAttribute('data-map-ready', 'true');
  });
  map.on('click', (event) => {
    const layers = presentLayers(map, setup.clickableLayers());
    const hit = layers.length > 0 ? map.queryRenderedFeatures(event.point, { layers })[0] : undefined;
    if (hit) setup.onFeatureClick(map, hit, event);
  });
  pointerOverFeatures(map, setup.clickableLayers);
  return map;
}

/** The style layers of `ids` the map has (a click or the pointer asks only about those). */
function presentLayers(map: maplibregl.Map, ids: readonly string[]): string[] {
  return ids.filter((id) => map.getLayer(id));
}

/** A pointer cursor over the features of the style layers `ids()`, as a hint that they answer a click. */
function pointerOverFeatures(map: maplibregl.Map, ids: () => readonly string[]): void {
  map.on('mousemove', (event) => {
    const layers = presentLayers(map, ids());
    const over = layers.length > 0 && map.queryRenderedFeatures(event.point, { layers }).length > 0;
    map.getCanvas().style.cursor = over ? 'pointer' : '';
  });
}

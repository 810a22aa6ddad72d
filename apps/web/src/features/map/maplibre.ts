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

/** The style layers of `ids` the map has (a click or the pointer asks only about those). */
export function presentLayers(map: maplibregl.Map, ids: readonly string[]): string[] {
  return ids.filter((id) => map.getLayer(id));
}

/** A pointer cursor over the features of the style layers `ids()`, as a hint that they answer a click. */
export function pointerOverFeatures(map: maplibregl.Map, ids: () => readonly string[]): void {
  map.on('mousemove', (event) => {
    const layers = presentLayers(map, ids());
    const over = layers.length > 0 && map.queryRenderedFeatures(event.point, { layers }).length > 0;
    map.getCanvas().style.cursor = over ? 'pointer' : '';
  });
}

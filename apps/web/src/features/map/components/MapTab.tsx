import { MAP_MAX_ZOOM, type MapFeature, versionName, versionNameSchema } from '@waymark/contract';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { useConfig } from '../../session/hooks/useInstance.ts';
import { fetchMapFeature, mapTileUrl } from '../api/mapApi.ts';
import { useMapLayers } from '../hooks/useMapLayers.ts';
import { type DrawnLayer, drawnLayersOf, styleLayersOf, unionExtent } from '../mapStyle.ts';
import { fitTo, hasWebGL, maplibregl, mountMap } from '../maplibre.ts';
import { swatchOf } from '../qgisLook.ts';
import { CategoryLegend } from './CategoryLegend.tsx';
import '../map.css';
import { geometryTypeLabel } from '../geometryTypeLabel.ts';
import { tMap } from '../../../i18n/map.ts';

const VERSION_PARAM = 'version';

/** The popup's content: the feature's fields as a small table (text only, never HTML from the data). */
function popupContent(feature: MapFeature): HTMLElement {
  const container = document.createElement('div');
  container.className = 'map-popup';
  container.dataset.testid = 'map-popup';
  const title = document.createElement('strong');
  title.textContent = tMap('layers.popupTitle', { layer: feature.layer, fid: feature.fid });
  container.append(title);
  const table = document.createElement('table');
  for (const [name, value] of Object.entries(feature.properties)) {
    const row = table.insertRow();
    const key = document.createElement('th');
    key.scope = 'row';
    key.textContent = name;
    const cell = row.insertCell();
    cell.textContent = value === null ? '' : String(value);
    row.prepend(key);
  }
  container.append(table);
  return container;
}

function popupText(text: string): HTMLElement {
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  return paragraph;
}

/**
 * The Map tab (issue 27): every GeoPackage layer of the project at a version drawn from the server's vector tiles,
 * with a layer list (visibility, feature counts, zoom to layer), zoom to the project on open, the fields of a
 * clicked feature, and the basemap of MAP_BASEMAP_STYLE_URL when the server names one.
 */
export function MapTab() {
  const project = useCurrentProject();
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = versionNameSchema.safeParse(project.version);
  const latestNumber = latest.success ? latest.data : 0;
  const asked = versionNameSchema.safeParse(searchParams.get(VERSION_PARAM) ?? '');
  const number = asked.success && asked.data <= latestNumber ? asked.data : latestNumber;
  const version = versionName(number);
  const layers = useMapLayers(project.namespace, project.name, { version, key: version });
  const drawn = useMemo(() => drawnLayersOf(layers.data?.files ?? []), [layers.data]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [webglMissing] = useState(() => !hasWebGL());
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const basemap = config?.map_basemap_style_url;

  // The map and its layers, made again for each version (the tiles of a version never change).
  useEffect(() => {
    if (!container.current || !layers.data || webglMissing) return;
    const styleIds: string[] = [];
    const map = mountMap(container.current, basemap, {
      extent: unionExtent(drawn.map((entry) => entry.layer.extent)),
      onLoad(loaded) {
        for (const entry of drawn) {
          loaded.addSource(entry.sourceId, {
            type: 'vector',
            tiles: [mapTileUrl(project.namespace, project.name, entry.file, entry.layer.table, version)],
            minzoom: 0,
            maxzoom: MAP_MAX_ZOOM,
            ...(entry.layer.extent ? { bounds: entry.layer.extent } : {}),
          });
          for (const styleLayer of styleLayersOf(entry)) {
            loaded.addLayer(styleLayer);
            entry.styleLayerIds.push(styleLayer.id);
            styleIds.push(styleLayer.id);
          }
        }
      },
      clickableLayers: () => styleIds,
      onFeatureClick(clicked, hit, event) {
        const entry = drawn.find((candidate) => candidate.sourceId === hit.source);
        if (!entry || typeof hit.id !== 'number') return;
        const popup = new maplibregl.Popup({ maxWidth: '320px' }).setLngLat(event.lngLat).addTo(clicked);
        popup.setDOMContent(popupText(tMap('layers.loading')));
        fetchMapFeature(project.namespace, project.name, {
          file: entry.file,
          layer: entry.layer.table,
          version,
          fid: hit.id,
        })
          .then((feature) => popup.setDOMContent(popupContent(feature)))
          .catch(() => popup.setDOMContent(popupText(tMap('layers.popupFailed'))));
      },
    });
    if (!map) return;
    mapRef.current = map;
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, [layers.data, drawn, basemap, project.namespace, project.name, version, webglMissing]);

  // Visibility follows the toggles without making the map again.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const apply = () => {
      for (const entry of drawn) {
        for (const id of entry.styleLayerIds) {
          if (map.getLayer(id))
            map.setLayoutProperty(id, 'visibility', hidden.has(entry.key) ? 'none' : 'visible');
        }
      }
    };
    if (map.isStyleLoaded()) apply();
    else map.once('idle', apply);
  }, [hidden, drawn]);

  const zoomTo = (extent: readonly [number, number, number, number] | null | undefined) => {
    if (extent && mapRef.current) fitTo(mapRef.current, extent);
  };
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const chooseVersion = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(VERSION_PARAM, value);
        return next;
      },
      { replace: true },
    );

  const files = layers.data?.files ?? [];
  const versions = Array.from({ length: latestNumber }, (_, i) => versionName(latestNumber - i));

  return (
    <div className="map-tab" data-testid="map-tab">
      <aside className="map-tab__panel" aria-label={tMap('layers.layersTitle')}>
        <div className="map-tab__toolbar">
          <label className="map-tab__version">
            <span>{tMap('layers.versionLabel')}</span>
            <select
              value={version}
              onChange={(event) => chooseVersion(event.target.value)}
              data-testid="map-version"
            >
              {versions.length === 0 && <option value="v0">v0</option>}
              {versions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="map-tab__icon-button"
            onClick={() => zoomTo(unionExtent(drawn.map((entry) => entry.layer.extent)))}
            aria-label={tMap('layers.zoomToProject')}
            title={tMap('layers.zoomToProject')}
            data-testid="map-zoom-project"
          >
            <i className="pi pi-expand" aria-hidden="true" />
          </button>
        </div>
        <h2 className="map-tab__title">{tMap('layers.layersTitle')}</h2>
        {layers.isPending && (
          <LoadingStatus label={tMap('layers.layersLoading')} className="map-tab__status" />
        )}
        {layers.isError && <p className="map-tab__status">{tMap('layers.layersFailed')}</p>}
        {layers.data && files.length === 0 && (
          <p className="map-tab__status" data-testid="map-empty">
            {tMap('layers.noGeoPackages')}
          </p>
        )}
        {files.map((file) => (
          <section key={file.path} className="map-tab__file" aria-label={file.path}>
            <h3 className="map-tab__file-name">{file.path}</h3>
            {file.error && <p className="map-tab__error">{file.error}</p>}
            <ul className="map-tab__layers">
              {file.layers
                .filter((layer) => layer.geometry_type !== null)
                .map((layer) => {
                  const entry: DrawnLayer | undefined = drawn.find(
                    (candidate) => candidate.file === file.path && candidate.layer.table === layer.table,
                  );
                  return (
                    <li key={layer.table} className="map-tab__layer" data-testid="map-layer">
                      <label className="map-tab__layer-toggle">
                        <input
                          type="checkbox"
                          checked={entry ? !hidden.has(entry.key) : false}
                          disabled={!entry}
                          onChange={() => entry && toggle(entry.key)}
                          aria-label={tMap('layers.showLayer', { layer: layer.table })}
                        />
                        <span
                          className="map-tab__swatch"
                          style={{ background: entry ? swatchOf(layer.style, entry.color) : 'transparent' }}
                          aria-hidden="true"
                        />
                        <span className="map-tab__layer-text">
                          <span className="map-tab__layer-name">{layer.table}</span>
                          <span className="map-tab__layer-facts">
                            {geometryTypeLabel(layer.geometry_type, layer.has_z, layer.has_m)} ·{' '}
                            {tMap('layers.featureCount', { count: layer.feature_count })}
                          </span>
                          {layer.error && <span className="map-tab__error">{layer.error}</span>}
                          {entry && layer.style?.renderer === 'categorized' && (
                            <CategoryLegend style={layer.style} layer={layer.table} file={file.path} />
                          )}
                        </span>
                      </label>
                      {entry && layer.extent && (
                        <button
                          type="button"
                          className="map-tab__icon-button"
                          onClick={() => zoomTo(layer.extent)}
                          aria-label={tMap('layers.zoomToLayer', { layer: layer.table })}
                          title={tMap('layers.zoomToLayer', { layer: layer.table })}
                        >
                          <i className="pi pi-search-plus" aria-hidden="true" />
                        </button>
                      )}
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
      </aside>
      <div className="map-tab__map-area">
        {webglMissing ? (
          <p className="map-tab__status">{tMap('layers.webglMissing')}</p>
        ) : (
          <div
            ref={container}
            className="map-tab__map"
            role="region"
            aria-label={tMap('layers.mapLabel')}
            data-testid="map-canvas"
          />
        )}
      </div>
    </div>
  );
}

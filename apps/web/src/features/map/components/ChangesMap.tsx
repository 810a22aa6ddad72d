import { MAP_CHANGE_KINDS, type MapChangedFeature, type MapChanges } from '@waymark/contract';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { formatNumber } from '../../../lib/format/number.ts';
import { useConfig } from '../../session/hooks/useInstance.ts';
import { useMapChanges } from '../hooks/useMapChanges.ts';
import {
  attributeRows,
  CHANGE_COLORS,
  CHANGE_LAYER_IDS,
  changeStyleLayers,
  changeTotals,
} from '../changesStyle.ts';
import { hasWebGL, maplibregl, mountMap } from '../maplibre.ts';
import '../map.css';
import { tMap } from '../../../i18n/map.ts';

const SOURCE = 'changes';

interface ChangesMapProps {
  namespace: string;
  projectName: string;
  version: string;
  /** The GeoPackage's path in the project. */
  path: string;
}

/** A clicked row's popup: its layer, key and change, and a Field / Before / After table (text only, never HTML). */
function popupContent(feature: MapChangedFeature): HTMLElement {
  const container = document.createElement('div');
  container.className = 'map-popup';
  container.dataset.testid = 'changes-popup';
  const title = document.createElement('strong');
  const { layer, fid, change } = feature.properties;
  title.textContent = tMap('changes.changePopupTitle', {
    layer,
    fid: fid === null ? '' : String(fid),
    change: tMap(`changes.changeNames.${change}`),
  });
  container.append(title);
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const label of [
    tMap('changes.fieldHeader'),
    tMap('changes.beforeHeader'),
    tMap('changes.afterHeader'),
  ]) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = label;
    head.append(cell);
  }
  const body = table.createTBody();
  for (const row of attributeRows(feature)) {
    const line = body.insertRow();
    if (row.changed && change === 'update') line.className = 'map-popup__changed';
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = row.name;
    line.append(name);
    line.insertCell().textContent = row.before;
    line.insertCell().textContent = row.after;
  }
  container.append(table);
  return container;
}

function Legend({ changes }: { changes: MapChanges }) {
  const totals = changeTotals(changes);
  return (
    <ul className="changes-map__legend" aria-label={tMap('changes.legendLabel')} data-testid="changes-legend">
      {MAP_CHANGE_KINDS.map((kind) => (
        <li key={kind}>
          <span
            className="changes-map__swatch"
            style={{ background: CHANGE_COLORS[kind] }}
            aria-hidden="true"
          />
          {tMap(`changes.changeNames.${kind}`)} <strong>{formatNumber(totals[kind])}</strong>
        </li>
      ))}
      <li>
        <span
          className="changes-map__swatch changes-map__swatch--before"
          style={{ borderColor: CHANGE_COLORS.update }}
          aria-hidden="true"
        />
        {tMap('changes.beforeUpdate')}
      </li>
    </ul>
  );
}

/**
 * The map of what a version changed in a GeoPackage (issue 27): its inserted (green), updated (amber, where it
 * was before dashed) and deleted (red) rows of every layer, read from the stored changeset, with the attribute
 * differences of a clicked row, and each layer's counts below.
 */
export function ChangesMap({ namespace, projectName, version, path }: ChangesMapProps) {
  const query = useMapChanges(namespace, projectName, { file: path, version });
  const basemap = useConfig()?.map_basemap_style_url;
  const container = useRef<HTMLDivElement>(null);
  const [webglMissing] = useState(() => !hasWebGL());
  const changes = query.data;

  useEffect(() => {
    if (!container.current || !changes || webglMissing) return;
    const map = mountMap(container.current, basemap, {
      extent: changes.extent ?? undefined,
      onLoad(loaded) {
        loaded.addSource(SOURCE, {
          type: 'geojson',
          data: changes as unknown as maplibregl.GeoJSONSourceSpecification['data'],
        });
        for (const layer of changeStyleLayers(SOURCE)) loaded.addLayer(layer);
      },
      clickableLayers: () => CHANGE_LAYER_IDS,
      onFeatureClick(clicked, hit, event) {
        const feature = typeof hit.id === 'number' ? changes.features[hit.id] : undefined;
        if (!feature) return;
        new maplibregl.Popup({ maxWidth: '360px' })
          .setLngLat(event.lngLat)
          .setDOMContent(popupContent(feature))
          .addTo(clicked);
      },
    });
    if (!map) return;
    return () => map.remove();
  }, [changes, basemap, webglMissing]);

  if (query.isPending) {
    return (
      <LoadingStatus
        label={tMap('changes.changesLoading')}
        className="changes-map__status"
        testId="changes-map-loading"
      />
    );
  }
  if (query.isError) {
    return (
      <p className="changes-map__status changes-map__status--error" data-testid="changes-map-failed">
        {getErrorMessage(query.error, tMap('changes.changesFailed'))}
      </p>
    );
  }
  const drawn = query.data.features.some((feature) => feature.geometry !== null);
  return (
    <section className="changes-map" data-testid="changes-map">
      <Legend changes={query.data} />
      <div className="changes-map__map-area">
        {webglMissing ? (
          <p className="changes-map__status">{tMap('layers.webglMissing')}</p>
        ) : (
          <div
            ref={container}
            className="map-tab__map"
            role="region"
            aria-label={tMap('changes.changesMapLabel', { file: path, version })}
            data-testid="map-canvas"
          />
        )}
      </div>
      {!drawn && <p className="changes-map__status">{tMap('changes.noDrawnChanges')}</p>}
      <ul className="changes-map__layers" aria-label={tMap('changes.changesLayersLabel')}>
        {query.data.layers.map((layer) => (
          <li key={layer.table} data-testid="changes-layer">
            <span className="changes-map__layer-name">{layer.table}</span>{' '}
            <span className="changes-map__layer-facts">
              {tMap('changes.layerChanges', {
                inserted: layer.insert,
                updated: layer.update,
                deleted: layer.delete,
              })}
            </span>
            {layer.error && <span className="changes-map__layer-note"> · {layer.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

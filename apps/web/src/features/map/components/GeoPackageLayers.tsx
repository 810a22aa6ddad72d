import type { MapLayer, ProjectFile } from '@waymark/contract';
import { geometryTypeLabel } from '../geometryTypeLabel.ts';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { useMapLayers } from '../hooks/useMapLayers.ts';
import { tMap } from '../../../i18n/map.ts';

interface GeoPackageLayersProps {
  namespace: string;
  projectName: string;
  file: ProjectFile;
}

function countOf(layer: MapLayer): string {
  return layer.geometry_type
    ? tMap('layers.featureCount', { count: layer.feature_count })
    : tMap('layers.rowCount', { count: layer.feature_count });
}

/** The layers of a GeoPackage in the file sidebar: name, geometry type and feature count (issue 25). */
export function GeoPackageLayers({ namespace, projectName, file }: GeoPackageLayersProps) {
  const query = useMapLayers(namespace, projectName, { file: file.path, key: file.checksum });
  if (query.isPending) {
    return (
      <LoadingStatus
        label={tMap('layers.layersLoading')}
        className="file-preview__loading"
        testId="gpkg-layers-loading"
      />
    );
  }
  const answer = query.data?.files[0];
  if (query.isError || !answer || answer.error) {
    return (
      <p className="file-preview__note" data-testid="gpkg-layers-failed">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>{answer?.error ?? tMap('layers.layersFailed')}</span>
      </p>
    );
  }
  if (answer.layers.length === 0) {
    return (
      <p className="file-preview__note" data-testid="gpkg-layers-none">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span>{tMap('layers.noLayers')}</span>
      </p>
    );
  }
  return (
    <ul
      className="gpkg-layers"
      aria-label={tMap('layers.layersLabel', { file: file.path })}
      data-testid="gpkg-layers"
    >
      {answer.layers.map((layer) => (
        <li key={layer.table} className="gpkg-layers__item" data-testid="gpkg-layer">
          <span className="gpkg-layers__name">{layer.table}</span>
          <span className="gpkg-layers__facts">
            <span data-testid="gpkg-layer-type">
              {geometryTypeLabel(layer.geometry_type, layer.has_z, layer.has_m)}
            </span>
            <span aria-hidden="true"> · </span>
            <span data-testid="gpkg-layer-count">{countOf(layer)}</span>
          </span>
          {layer.error && <span className="gpkg-layers__error">{layer.error}</span>}
        </li>
      ))}
    </ul>
  );
}

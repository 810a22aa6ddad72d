import { geometryTypeLabel, MAP_WEB_TEXTS, type MapLayer, type ProjectFile } from '@waymark/contract';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useMapLayers } from '../hooks/useMapLayers.ts';

interface GeoPackageLayersProps {
  namespace: string;
  projectName: string;
  file: ProjectFile;
}

function countOf(layer: MapLayer): string {
  return layer.geometry_type
    ? MAP_WEB_TEXTS.featureCount(layer.feature_count)
    : MAP_WEB_TEXTS.rowCount(layer.feature_count);
}

/** The layers of a GeoPackage in the file sidebar: name, geometry type and feature count (issue 25). */
export function GeoPackageLayers({ namespace, projectName, file }: GeoPackageLayersProps) {
  const query = useMapLayers(namespace, projectName, { file: file.path, key: file.checksum });
  if (query.isPending) {
    return (
      <div className="file-preview__loading" role="status" data-testid="gpkg-layers-loading">
        <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" />
        <span className="visually-hidden">{MAP_WEB_TEXTS.layersLoading}</span>
      </div>
    );
  }
  const answer = query.data?.files[0];
  if (query.isError || !answer || answer.error) {
    return (
      <p className="file-preview__note" data-testid="gpkg-layers-failed">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>{answer?.error ?? MAP_WEB_TEXTS.layersFailed}</span>
      </p>
    );
  }
  if (answer.layers.length === 0) {
    return (
      <p className="file-preview__note" data-testid="gpkg-layers-none">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span>{MAP_WEB_TEXTS.noLayers}</span>
      </p>
    );
  }
  return (
    <ul className="gpkg-layers" aria-label={MAP_WEB_TEXTS.layersLabel(file.path)} data-testid="gpkg-layers">
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

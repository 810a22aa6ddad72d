/** Texts of the map (issue 27): the Map tab and the layers of a GeoPackage in the file sidebar. */

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** 'MULTIPOLYGON' → 'Multipolygon', with Z/M: 'Point ZM'. */
export function geometryTypeLabel(type: string | null, hasZ = false, hasM = false): string {
  if (!type) return 'No geometry';
  const name = type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
  const dimensions = `${hasZ ? 'Z' : ''}${hasM ? 'M' : ''}`;
  return dimensions ? `${name} ${dimensions}` : name;
}

export const MAP_WEB_TEXTS = {
  layersTitle: 'Layers',
  layersLabel: (file: string) => `Layers of ${file}`,
  layersLoading: 'Loading layers…',
  layersFailed: 'The layers could not be loaded.',
  noLayers: 'This GeoPackage has no layers.',
  featureCount: (count: number) => plural(count, 'feature', 'features'),
  rowCount: (count: number) => plural(count, 'row', 'rows'),
  tab: 'Map',
  title: 'Map',
  loading: 'Loading the map…',
  noGeoPackages: 'This version has no GeoPackage to show on the map.',
  mapLabel: 'Map of the project',
  showLayer: (layer: string) => `Show ${layer}`,
  zoomToLayer: (layer: string) => `Zoom to ${layer}`,
  zoomToProject: 'Zoom to the project',
  versionLabel: 'Version',
  popupFailed: 'The feature could not be loaded.',
  popupTitle: (layer: string, fid: number) => `${layer} #${fid}`,
  webglMissing: 'This browser cannot draw the map (WebGL is off or missing).',
  showOnMap: 'Show on map',
  showAsTable: 'Show as table',
  changesMapLabel: (file: string, version: string) => `Changes of ${file} in ${version} on a map`,
  changesLoading: 'Loading the changes…',
  changesFailed: 'The changes could not be loaded.',
  legendLabel: 'Legend',
  changeNames: { insert: 'Inserted', update: 'Updated', delete: 'Deleted' },
  beforeUpdate: 'Before the update',
  noDrawnChanges: 'None of these changes has a geometry to draw.',
  layerChanges: (inserted: number, updated: number, deleted: number) =>
    `${inserted.toLocaleString('en-US')} inserted · ${updated.toLocaleString('en-US')} updated · ` +
    `${deleted.toLocaleString('en-US')} deleted`,
  changesLayersLabel: 'Changed layers',
  fieldHeader: 'Field',
  beforeHeader: 'Before',
  afterHeader: 'After',
  changePopupTitle: (layer: string, fid: string, change: string) => `${layer} #${fid} · ${change}`,
} as const;

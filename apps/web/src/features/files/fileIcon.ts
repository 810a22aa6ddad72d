const ICON_BY_EXTENSION: Record<string, string> = {
  gpkg: 'pi pi-database',
  sqlite: 'pi pi-database',
  qgs: 'pi pi-map',
  qgz: 'pi pi-map',
  png: 'pi pi-image',
  jpg: 'pi pi-image',
  jpeg: 'pi pi-image',
  gif: 'pi pi-image',
  webp: 'pi pi-image',
  bmp: 'pi pi-image',
  svg: 'pi pi-image',
  tif: 'pi pi-image',
  tiff: 'pi pi-image',
  pdf: 'pi pi-file-pdf',
  csv: 'pi pi-file-excel',
  xls: 'pi pi-file-excel',
  xlsx: 'pi pi-file-excel',
  doc: 'pi pi-file-word',
  docx: 'pi pi-file-word',
  txt: 'pi pi-file-edit',
  md: 'pi pi-file-edit',
  json: 'pi pi-code',
  geojson: 'pi pi-code',
  xml: 'pi pi-code',
  zip: 'pi pi-box',
};

/** The PrimeIcons class of a file, by its extension: databases, maps, images, documents. */
export function fileIconOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
  return ICON_BY_EXTENSION[extension] ?? 'pi pi-file';
}

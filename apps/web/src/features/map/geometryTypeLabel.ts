import { tMap } from '../../i18n/map.ts';

/** 'MULTIPOLYGON' → 'Multipolygon', with Z/M: 'Point ZM' (the GeoPackage's own geometry type names). */
export function geometryTypeLabel(type: string | null, hasZ = false, hasM = false): string {
  if (!type) return tMap('layers.noGeometry');
  const name = type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
  const dimensions = `${hasZ ? 'Z' : ''}${hasM ? 'M' : ''}`;
  return dimensions ? `${name} ${dimensions}` : name;
}

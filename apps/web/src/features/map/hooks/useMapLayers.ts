import { useQuery } from '@tanstack/react-query';
import { fetchMapLayers } from '../api/mapApi.ts';

/**
 * The GeoPackages and layers of a project's version (or of one file): `key` names what the answer depends on
 * (a version name or a file's checksum), so it is read once and kept.
 */
export function useMapLayers(
  namespace: string,
  name: string,
  options: { version?: string; file?: string; key: string },
) {
  return useQuery({
    queryKey: ['map-layers', namespace, name, options.file ?? '', options.version ?? '', options.key],
    queryFn: ({ signal }) =>
      fetchMapLayers(namespace, name, { version: options.version, file: options.file }, signal),
    staleTime: Infinity,
    retry: false,
  });
}

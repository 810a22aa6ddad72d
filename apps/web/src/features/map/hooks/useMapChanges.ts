import { useQuery } from '@tanstack/react-query';
import { fetchMapChanges } from '../api/mapApi.ts';

/** The changed rows of a GeoPackage in a version, as GeoJSON: a stored changeset never changes, read once. */
export function useMapChanges(namespace: string, name: string, target: { file: string; version: string }) {
  return useQuery({
    queryKey: ['map-changes', namespace, name, target.file, target.version],
    queryFn: ({ signal }) => fetchMapChanges(namespace, name, target, signal),
    staleTime: Infinity,
    retry: false,
  });
}

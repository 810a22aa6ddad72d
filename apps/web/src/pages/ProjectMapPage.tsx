import { MapTab } from '../features/map/components/MapTab.tsx';

/** /projects/:namespace/:projectName/map — the Map tab (issue 27); `?version=vN` shows that version. */
export function ProjectMapPage() {
  return <MapTab />;
}

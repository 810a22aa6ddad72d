import { VersionsTab } from '../features/versions/components/VersionsTab.tsx';

/** /projects/:namespace/:projectName/history — the History tab; `?version_id=` opens a version's detail. */
export function ProjectVersionsPage() {
  return <VersionsTab />;
}

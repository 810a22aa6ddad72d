import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/history — the versions tab (placeholder). */
export function ProjectVersionsPage() {
  return (
    <SectionPlaceholder
      title="History"
      description="Every version of the project, with its changes, will be listed here."
      icon="pi pi-history"
    />
  );
}

import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/settings (placeholder). */
export function ProjectSettingsPage() {
  return (
    <SectionPlaceholder
      title="Settings"
      description="Project visibility and deletion will be managed here."
      icon="pi pi-cog"
    />
  );
}

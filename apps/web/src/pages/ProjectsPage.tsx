import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /projects — placeholder until the projects list issue. */
export function ProjectsPage() {
  return (
    <PagePlaceholder
      title="Projects"
      description="Projects of your workspace will be listed here."
      icon="pi pi-folder"
    />
  );
}

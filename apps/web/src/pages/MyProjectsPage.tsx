import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /my-projects — placeholder until the projects list issue. */
export function MyProjectsPage() {
  return (
    <PagePlaceholder
      title="My projects"
      description="Projects you created will be listed here."
      icon="pi pi-folder"
    />
  );
}

import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /shared-projects — placeholder until the projects list issue. */
export function SharedProjectsPage() {
  return (
    <PagePlaceholder
      title="Shared with me"
      description="Projects other people shared with you will be listed here."
      icon="pi pi-share-alt"
    />
  );
}

import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /projects/explore — placeholder until the projects list issue. */
export function ExploreProjectsPage() {
  return (
    <PagePlaceholder
      title="Public projects"
      description="Projects shared publicly by the community will be listed here."
      icon="pi pi-globe"
    />
  );
}

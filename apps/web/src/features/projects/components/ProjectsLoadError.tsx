import { Button } from 'primereact/button';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { tProjects } from '../../../i18n/projects.ts';

interface ProjectsLoadErrorProps {
  onRetry: () => void;
}

/**
 * Shown instead of an empty state when the list could not load: "You don't have any projects yet"
 * would be untrue then. The toast says what failed; this offers the way out.
 */
export function ProjectsLoadError({ onRetry }: ProjectsLoadErrorProps) {
  return (
    <EmptyState title={tProjects('list.loadErrorTitle')} testId="projects-load-error">
      <Button label={tProjects('list.retry')} icon="pi pi-refresh" outlined onClick={onRetry} />
    </EmptyState>
  );
}

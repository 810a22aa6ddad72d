import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { EmptyState } from '../../../ui/EmptyState.tsx';

interface ProjectsLoadErrorProps {
  onRetry: () => void;
}

/**
 * Shown instead of an empty state when the list could not load: "You don't have any projects yet"
 * would be untrue then. The toast says what failed; this offers the way out.
 */
export function ProjectsLoadError({ onRetry }: ProjectsLoadErrorProps) {
  return (
    <EmptyState title={PROJECTS_LIST_TEXTS.loadErrorTitle} testId="projects-load-error">
      <Button label={PROJECTS_LIST_TEXTS.retry} icon="pi pi-refresh" outlined onClick={onRetry} />
    </EmptyState>
  );
}

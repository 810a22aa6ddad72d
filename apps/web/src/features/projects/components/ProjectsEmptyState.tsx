import { Button } from 'primereact/button';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FoldedMapIllustration } from '../../../ui/FoldedMapIllustration.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProjects } from '../../../i18n/projects.ts';

interface ProjectsEmptyStateProps {
  /** A search is narrowing the list. */
  hasSearch: boolean;
  /** The user may create projects; only then is the first one suggested. */
  canCreate: boolean;
  onCreate: () => void;
  /** The list's own 'nothing here' text, for lists other than one's own projects (public, shared). */
  noneText?: string;
}

/** SPEC §2 empty states of the projects list: no match for the search, or no project at all. */
export function ProjectsEmptyState({ hasSearch, canCreate, onCreate, noneText }: ProjectsEmptyStateProps) {
  const isReadOnly = useIsMaintenance();
  if (hasSearch) {
    return (
      <EmptyState
        illustration={<FoldedMapIllustration />}
        title={tProjects('list.emptySearch')}
        testId="projects-empty"
      />
    );
  }
  return (
    <EmptyState
      illustration={<FoldedMapIllustration />}
      title={noneText ?? tProjects('list.emptyNone')}
      text={canCreate ? tProjects('list.emptyCreateHint') : undefined}
      testId="projects-empty"
    >
      {canCreate && (
        <Button
          label={tProjects('list.emptyCreateButton')}
          icon="pi pi-plus"
          onClick={onCreate}
          disabled={isReadOnly}
          data-testid="projects-empty-create"
        />
      )}
    </EmptyState>
  );
}

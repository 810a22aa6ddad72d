import type { Workspace } from '@waymark/contract';
import {
  DASHBOARD_PROJECT_TEXTS,
  DASHBOARD_TEXTS,
  PROJECTS_TOAST_TEXTS,
  RECENT_PROJECTS_PAGE_SIZE,
} from '@waymark/contract';
import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PROJECTS_PATH } from '../../../lib/paths.ts';
import { DEFAULT_PROJECT_SORT } from '../../projects/api/projectListParams.ts';
import { CreateProjectAction } from '../../projects/components/CreateProjectAction.tsx';
import { ProjectsEmptyState } from '../../projects/components/ProjectsEmptyState.tsx';
import { ProjectsLoadError } from '../../projects/components/ProjectsLoadError.tsx';
import { useCanCreateProject } from '../../projects/hooks/useCanCreateProject.ts';
import { useProjectList } from '../../projects/hooks/useProjectList.ts';
import './dashboard.css';

/**
 * The table (PrimeReact's DataTable and paginator, ~75 kB gzipped) loads beside the project list, which it waits for
 * anyway, rather than before the dashboard can show: the first load stays within its budget (scripts/check-bundle.ts).
 */
const ProjectsTable = lazy(() =>
  import('../../projects/components/ProjectsTable.tsx').then((module) => ({ default: module.ProjectsTable })),
);

interface RecentProjectsCardProps {
  workspace: Pick<Workspace, 'name'> | undefined;
}

/** SPEC §2/§9 'Recent active projects': the 5 latest updated projects of the current workspace. */
export function RecentProjectsCard({ workspace }: RecentProjectsCardProps) {
  const canCreateProject = useCanCreateProject();
  const query = useProjectList({
    options: {
      page: 1,
      perPage: RECENT_PROJECTS_PAGE_SIZE,
      sort: DEFAULT_PROJECT_SORT,
      namespace: workspace?.name,
      // Only projects the user works on, not every public project of the workspace.
      excludePublic: true,
    },
    errorText: PROJECTS_TOAST_TEXTS.loadProjects,
    enabled: workspace !== undefined,
  });
  const projects = query.data?.projects ?? [];
  const isEmpty = workspace === undefined || query.data?.count === 0;

  return (
    <section
      className="card dashboard-card"
      aria-labelledby="recent-projects-title"
      data-testid="recent-projects"
    >
      <header className="card__header dashboard-card__header">
        <h2 id="recent-projects-title" className="card__title">
          {DASHBOARD_TEXTS.recentProjectsTitle}
        </h2>
        <Link to={PROJECTS_PATH} className="dashboard-card__link" data-testid="recent-projects-all">
          {DASHBOARD_PROJECT_TEXTS.viewAllProjects}
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </Link>
      </header>
      {query.isError && !query.data ? (
        <ProjectsLoadError onRetry={() => void query.refetch()} />
      ) : isEmpty ? (
        <CreateProjectAction canCreateProject={canCreateProject}>
          {(open, canCreate) => (
            <ProjectsEmptyState hasSearch={false} canCreate={canCreate} onCreate={open} />
          )}
        </CreateProjectAction>
      ) : (
        <Suspense fallback={<Skeleton height="16rem" borderRadius="var(--wm-radius-sm)" />}>
          <ProjectsTable
            projects={projects}
            isLoading={query.isPending}
            isRefreshing={query.isFetching && !query.isPending}
            testId="recent-projects-table"
          />
        </Suspense>
      )}
    </section>
  );
}

import { RECENT_PROJECTS_PAGE_SIZE } from '@waymark/contract';
import { Skeleton } from 'primereact/skeleton';
import { retryingImport } from '../../../lib/network/retryingImport.ts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PROJECTS_PATH, SHARED_PROJECTS_PATH } from '../../../lib/paths.ts';
import { DEFAULT_PROJECT_SORT } from '../../projects/api/projectListParams.ts';
import { CreateProjectAction } from '../../projects/components/CreateProjectAction.tsx';
import { ProjectsEmptyState } from '../../projects/components/ProjectsEmptyState.tsx';
import { ProjectsLoadError } from '../../projects/components/ProjectsLoadError.tsx';
import { useCanCreateProject } from '../../projects/hooks/useCanCreateProject.ts';
import { useProjectCount } from '../../projects/hooks/useProjectCount.ts';
import { useProjectList } from '../../projects/hooks/useProjectList.ts';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import './dashboard.css';
import { tCommon } from '../../../i18n/common.ts';
import { tProjects } from '../../../i18n/projects.ts';

/**
 * The table (PrimeReact's DataTable and paginator, ~75 kB gzipped) loads beside the project list, which it waits for
 * anyway, rather than before the dashboard can show: the first load stays within its budget (scripts/check-bundle.ts).
 */
const ProjectsTable = lazy(() =>
  retryingImport(() =>
    import('../../projects/components/ProjectsTable.tsx').then((module) => ({
      default: module.ProjectsTable,
    })),
  ),
);

/**
 * SPEC §2/§9 'Recent active projects': the 5 latest updated projects the user works on, in every workspace, as the
 * reference's dashboard lists them (public=false, no namespace): a project shared from another workspace is there
 * too, and the names carry their workspace.
 */
export function RecentProjectsCard() {
  const canCreateProject = useCanCreateProject();
  const query = useProjectList({
    options: {
      page: 1,
      perPage: RECENT_PROJECTS_PAGE_SIZE,
      sort: DEFAULT_PROJECT_SORT,
      // Only projects the user works on, not every public project of the server.
      excludePublic: true,
    },
    errorText: tProjects('toast.loadProjects'),
  });
  const sharedCount = useProjectCount({ flag: 'shared' });
  const projects = query.data?.projects ?? [];
  const isEmpty = query.data?.count === 0;

  return (
    <section
      className="card dashboard-card"
      aria-labelledby="recent-projects-title"
      data-testid="recent-projects"
    >
      <header className="card__header dashboard-card__header">
        <h2 id="recent-projects-title" className="card__title">
          {tCommon('dashboard.recentProjectsTitle')}
        </h2>
        <div className="dashboard-card__links">
          {sharedCount !== undefined && sharedCount > 0 && (
            <Link
              to={SHARED_PROJECTS_PATH}
              className="dashboard-card__link"
              data-testid="recent-projects-shared"
            >
              {tProjects('dashboardProject.sharedWithMe')}
              <CountBadge count={sharedCount} testId="recent-projects-shared-count" isInline />
            </Link>
          )}
          <Link to={PROJECTS_PATH} className="dashboard-card__link" data-testid="recent-projects-all">
            {tProjects('dashboardProject.viewAllProjects')}
            <i className="pi pi-arrow-right" aria-hidden="true" />
          </Link>
        </div>
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
            showNamespace
            testId="recent-projects-table"
          />
        </Suspense>
      )}
    </section>
  );
}

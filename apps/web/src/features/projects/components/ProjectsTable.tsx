import type { ProjectListItem } from '@waymark/contract';

import { Column } from 'primereact/column';
import { DataTable, type DataTableRowClickEvent } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { useNavigate } from 'react-router';
import { formatSizeInMegabytes, formatVersionNumber } from '../../../lib/format/projectListFormat.ts';
import { projectPath } from '../../../lib/paths.ts';
import { ProjectNameCell } from './ProjectNameCell.tsx';
import './projects.css';
import { tProjects } from '../../../i18n/projects.ts';

/** SPEC §4: while nothing has loaded yet the table shows this many skeleton rows. */
export const DEFAULT_SKELETON_ROWS = 3;

interface ProjectsTableProps {
  projects: ProjectListItem[];
  /** Nothing to show yet: skeleton rows stand in for the projects. */
  isLoading?: boolean;
  /** Rows are on screen and a newer page is on its way: a spinner covers them. */
  isRefreshing?: boolean;
  showNamespace?: boolean;
  isOnlyPublic?: boolean;
  skeletonRows?: number;
  testId?: string;
}

interface SkeletonRow {
  id: string;
}

function SkeletonName() {
  return (
    <div className="project-name-cell">
      <Skeleton width="2.25rem" height="2.25rem" borderRadius="var(--wm-radius-sm)" />
      <div className="project-name-cell__body">
        <Skeleton width="12rem" height="1rem" />
        <Skeleton width="7rem" height="0.75rem" className="project-skeleton__updated" />
      </div>
    </div>
  );
}

const skeletonCell = () => (
  <Skeleton width="2.5rem" height="1rem" className="projects-table__number-skeleton" />
);

/** The projects table of SPEC §2: Project name, Versions and Size; a click opens the project. */
export function ProjectsTable({
  projects,
  isLoading = false,
  isRefreshing = false,
  showNamespace = false,
  isOnlyPublic = false,
  skeletonRows = DEFAULT_SKELETON_ROWS,
  testId = 'projects-table',
}: ProjectsTableProps) {
  const navigate = useNavigate();

  if (isLoading) {
    const rows: SkeletonRow[] = Array.from({ length: skeletonRows }, (_, index) => ({
      id: `skeleton-${index}`,
    }));
    return (
      <div className="projects-table" data-testid={`${testId}-loading`} aria-busy="true">
        <DataTable value={rows} dataKey="id">
          <Column header={tProjects('list.columnName')} body={SkeletonName} />
          <Column
            header={tProjects('list.columnVersions')}
            body={skeletonCell}
            headerClassName="projects-table__number"
            bodyClassName="projects-table__number"
          />
          <Column
            header={tProjects('list.columnSize')}
            body={skeletonCell}
            headerClassName="projects-table__number"
            bodyClassName="projects-table__number"
          />
        </DataTable>
      </div>
    );
  }

  const handleRowClick = (event: DataTableRowClickEvent) => {
    const project = event.data as ProjectListItem;
    void navigate(projectPath(project.namespace, project.name));
  };

  return (
    <div className="projects-table" data-testid={testId}>
      <DataTable
        value={projects}
        dataKey="id"
        loading={isRefreshing}
        onRowClick={handleRowClick}
        rowClassName={() => 'projects-table__row'}
        aria-label="Projects"
      >
        <Column
          field="name"
          header={tProjects('list.columnName')}
          body={(project: ProjectListItem) => (
            <ProjectNameCell project={project} showNamespace={showNamespace} isOnlyPublic={isOnlyPublic} />
          )}
          headerClassName="projects-table__name"
          bodyClassName="projects-table__name"
        />
        <Column
          field="version"
          header={tProjects('list.columnVersions')}
          body={(project: ProjectListItem) => (
            <span data-testid="project-versions">{formatVersionNumber(project.version)}</span>
          )}
          headerClassName="projects-table__number"
          bodyClassName="projects-table__number"
        />
        <Column
          field="disk_usage"
          header={tProjects('list.columnSize')}
          body={(project: ProjectListItem) => (
            <span data-testid="project-size">{formatSizeInMegabytes(project.disk_usage)}</span>
          )}
          headerClassName="projects-table__number"
          bodyClassName="projects-table__number"
        />
      </DataTable>
    </div>
  );
}

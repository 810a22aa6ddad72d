import { PROJECTS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { type ReactNode, useState } from 'react';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { DEFAULT_PROJECT_SORT, type ProjectListOptions, type ProjectSort } from '../api/projectListParams.ts';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue.ts';
import { useProjectList } from '../hooks/useProjectList.ts';
import { isNamespaceMissing } from '../projectRules.ts';
import { CommunityBanner } from './CommunityBanner.tsx';
import { CreateProjectAction } from './CreateProjectAction.tsx';
import { NamespaceNotFound } from './NamespaceNotFound.tsx';
import { ProjectSearchBox } from './ProjectSearchBox.tsx';
import { ProjectSortMenu } from './ProjectSortMenu.tsx';
import { ProjectsEmptyState } from './ProjectsEmptyState.tsx';
import { ProjectsLoadError } from './ProjectsLoadError.tsx';
import { ProjectsTable } from './ProjectsTable.tsx';
import './projects.css';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProjects } from '../../../i18n/projects.ts';

/** The filters a page fixes for its list; search, sort and page belong to the list itself. */
export type ProjectListScope = Pick<
  ProjectListOptions,
  'namespace' | 'excludePublic' | 'onlyPublic' | 'flag'
>;

interface ProjectsListProps {
  title: string;
  subtitle?: string;
  scope: ProjectListScope;
  /** Prefix names with their namespace, for lists mixing workspaces. */
  showNamespace?: boolean;
  /** SPEC §2 canCreateProject: the page decides whether this list offers 'Create project'. */
  canCreateProject?: boolean;
  showCommunityBanner?: boolean;
  /**
   * Set on a namespace's page when the namespace is not one of the user's workspaces, so an empty
   * answer means "not found" (see isNamespaceMissing).
   */
  checkNamespaceExists?: boolean;
  pageSize?: number;
  /** Links to the other lists (ProjectScopeNav), between the heading and the list. */
  nav?: ReactNode;
  /** What the list says when it is empty without a search, if not 'You don't have any projects yet.'. */
  emptyText?: string;
}

const PAGINATOR_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

/** The projects list of SPEC §2: heading with count, search, sort, table, paginator, empty states. */
export function ProjectsList({
  title,
  subtitle,
  scope,
  showNamespace = false,
  canCreateProject = false,
  showCommunityBanner = false,
  checkNamespaceExists = false,
  pageSize = PROJECTS_PAGE_SIZE,
  nav,
  emptyText,
}: ProjectsListProps) {
  // Read-only maintenance: the server would refuse the new project.
  const isReadOnly = useIsMaintenance();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<ProjectSort>(DEFAULT_PROJECT_SORT);
  // The page belongs to one search and sort: a new search or sort starts again on page 1 (SPEC §4)
  // without an effect resetting state after the fact.
  const pagingKey = `${search}\u0000${sort.sortBy}\u0000${sort.sortDesc}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;

  const options: ProjectListOptions = { ...scope, page, perPage: pageSize, sort, search };
  const query = useProjectList({
    options,
    errorText: tProjects('toast.fetchProjectsList'),
  });
  const count = query.data?.count;
  const projects = query.data?.projects ?? [];
  const hasSearch = search !== '';
  const isOnlyPublic = scope.onlyPublic === true;

  const isMissing =
    checkNamespaceExists &&
    !query.isPlaceholderData &&
    isNamespaceMissing({ isOwnWorkspace: false, search, count });

  return (
    <div className="page projects-list" data-testid="projects-list">
      <header className="projects-list__header">
        <div className="projects-list__heading">
          <div className="projects-list__title-row">
            <h1 className="page__title">{title}</h1>
            {count !== undefined && !isMissing && <CountBadge count={count} testId="projects-count" />}
          </div>
          {subtitle && <p className="page__subtitle">{subtitle}</p>}
        </div>
        <CreateProjectAction canCreateProject={canCreateProject}>
          {(open, canCreate) =>
            canCreate && (
              <Button
                label={tProjects('list.createProject')}
                icon="pi pi-plus"
                onClick={open}
                disabled={isReadOnly}
                data-testid="projects-create"
              />
            )
          }
        </CreateProjectAction>
      </header>
      {nav}

      {isMissing ? (
        <NamespaceNotFound />
      ) : (
        <section className="card projects-list__card" aria-label={title}>
          <div className="projects-toolbar">
            <ProjectSearchBox value={searchText} onChange={setSearchText} />
            <ProjectSortMenu value={sort} onChange={setSort} />
          </div>
          {query.isError && !query.data ? (
            <ProjectsLoadError onRetry={() => void query.refetch()} />
          ) : count === 0 ? (
            <CreateProjectAction canCreateProject={canCreateProject}>
              {(open, canCreate) => (
                <ProjectsEmptyState
                  hasSearch={hasSearch}
                  canCreate={canCreate}
                  onCreate={open}
                  noneText={emptyText}
                />
              )}
            </CreateProjectAction>
          ) : (
            <ProjectsTable
              projects={projects}
              isLoading={query.isPending}
              isRefreshing={query.isFetching && !query.isPending}
              showNamespace={showNamespace}
              isOnlyPublic={isOnlyPublic}
            />
          )}
          {count !== undefined && count > pageSize && (
            <Paginator
              first={(page - 1) * pageSize}
              rows={pageSize}
              totalRecords={count}
              template={PAGINATOR_TEMPLATE}
              // SPEC §4: the page is the zero-based page plus 1.
              onPageChange={(event) => setPaging({ key: pagingKey, page: event.page + 1 })}
              className="projects-list__paginator"
              aria-label={tProjects('list.paginatorLabel')}
              data-testid="projects-paginator"
            />
          )}
        </section>
      )}

      {showCommunityBanner && <CommunityBanner />}
    </div>
  );
}

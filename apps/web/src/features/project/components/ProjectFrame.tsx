import { Skeleton } from 'primereact/skeleton';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathWithRedirect } from '../../../lib/paths.ts';
import { CurrentProjectContext } from '../currentProjectContext.ts';
import { useProjectLoad } from '../hooks/useProjectLoad.ts';
import {
  ProjectForbiddenScreen,
  ProjectLoadFailedScreen,
  ProjectNotFoundScreen,
  ProjectRequestPendingScreen,
} from './ProjectAccessScreens.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';
import { ProjectTabs } from './ProjectTabs.tsx';
import '../projectPage.css';
import { tProject } from '../../../i18n/project.ts';

interface ProjectFrameProps {
  namespace: string;
  name: string;
  /** The tab's content; rendered only once the project loaded. */
  children: ReactNode;
}

function ProjectFrameSkeleton() {
  return (
    <div className="page project-page" role="status" aria-live="polite" data-testid="project-loading">
      <span className="visually-hidden">{tProject('page.loading')}</span>
      <div className="project-header">
        <div className="project-header__identity">
          <Skeleton width="3rem" height="3rem" borderRadius="12px" />
          <div className="project-header__text">
            <Skeleton width="6rem" height="0.9rem" />
            <Skeleton width="14rem" height="1.9rem" />
            <Skeleton width="10rem" height="0.9rem" />
          </div>
        </div>
      </div>
      <Skeleton height="2.6rem" />
      <Skeleton height="12rem" borderRadius="12px" />
    </div>
  );
}

/**
 * The project page around its tabs: loads the project of the route and shows it with its header and
 * tabs, or the screen that explains why it cannot be shown (SPEC §2). A visitor refused with 403 is
 * sent to sign in and brought back here afterwards (SPEC §6).
 */
export function ProjectFrame({ namespace, name, children }: ProjectFrameProps) {
  const query = useProjectLoad(namespace, name);
  const location = useLocation();

  if (query.isPending) return <ProjectFrameSkeleton />;
  if (query.isError) {
    return <ProjectLoadFailedScreen isRetrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  const state = query.data;
  switch (state.status) {
    case 'sign-in':
      return (
        <Navigate
          to={loginPathWithRedirect(`${location.pathname}${location.search}${location.hash}`)}
          replace
        />
      );
    case 'forbidden':
      return <ProjectForbiddenScreen namespace={namespace} name={name} />;
    case 'requested':
      return <ProjectRequestPendingScreen />;
    case 'not-found':
      return <ProjectNotFoundScreen />;
    case 'loaded':
      return (
        <CurrentProjectContext value={state.project}>
          <div className="page project-page">
            <ProjectHeader project={state.project} />
            <ProjectTabs project={state.project} />
            {children}
          </div>
        </CurrentProjectContext>
      );
  }
}

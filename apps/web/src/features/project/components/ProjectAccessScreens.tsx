import { Button } from 'primereact/button';
import { Link } from 'react-router';
import { PROJECTS_PATH } from '../../../lib/paths.ts';
import { LostWaypointIllustration } from '../../../ui/LostWaypointIllustration.tsx';
import { MapLockIllustration } from '../../../ui/MapLockIllustration.tsx';
import { NoticeCard } from '../../../ui/NoticeCard.tsx';
import { useRequestProjectAccess } from '../hooks/useProjectMutations.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProject } from '../../../i18n/project.ts';

function BrowseProjectsLink({ isPrimary = false }: { isPrimary?: boolean }) {
  const className = isPrimary ? 'p-button p-button-sm' : 'p-button p-button-sm p-button-text';
  return (
    <Link to={PROJECTS_PATH} className={className} data-testid="project-browse-projects">
      {tProject('access.backToProjects')}
    </Link>
  );
}

interface ProjectForbiddenScreenProps {
  namespace: string;
  name: string;
}

/** 403 for a signed-in user without a pending request: offers to ask the owners for access. */
export function ProjectForbiddenScreen({ namespace, name }: ProjectForbiddenScreenProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const request = useRequestProjectAccess(namespace, name);
  return (
    <NoticeCard
      testId="project-forbidden"
      illustration={<MapLockIllustration variant="lock" />}
      title={tProject('access.privateTitle')}
      text={tProject('access.privateBody')}
      actions={
        <>
          <BrowseProjectsLink />
          <Button
            label={tProject('access.requestAccess')}
            icon="pi pi-send"
            size="small"
            loading={request.isPending}
            onClick={() => request.mutate()}
            disabled={isReadOnly}
            data-testid="project-request-access"
          />
        </>
      }
    />
  );
}

/** 409: the user already asked for access and waits for an owner's answer. */
export function ProjectRequestPendingScreen() {
  return (
    <NoticeCard
      testId="project-request-pending"
      illustration={<MapLockIllustration variant="hourglass" />}
      title={tProject('access.pendingTitle')}
      text={tProject('access.pendingBody')}
      actions={<BrowseProjectsLink isPrimary />}
    />
  );
}

/** 404: no project at this address. */
export function ProjectNotFoundScreen() {
  return (
    <NoticeCard
      testId="project-not-found"
      illustration={<LostWaypointIllustration />}
      title={tProject('access.notFoundTitle')}
      text={tProject('access.notFoundBody')}
      actions={<BrowseProjectsLink isPrimary />}
    />
  );
}

interface ProjectLoadFailedScreenProps {
  isRetrying: boolean;
  onRetry: () => void;
}

/** Any other failure: the toast said what happened; this offers to try again. */
export function ProjectLoadFailedScreen({ isRetrying, onRetry }: ProjectLoadFailedScreenProps) {
  return (
    <NoticeCard
      testId="project-load-failed"
      illustration={
        <span className="notice-card__icon" aria-hidden="true">
          <i className="pi pi-exclamation-triangle" />
        </span>
      }
      title={tProject('page.loadFailedTitle')}
      text={tProject('page.loadFailedBody')}
      actions={
        <Button
          label={tProject('page.retry')}
          icon="pi pi-refresh"
          size="small"
          loading={isRetrying}
          onClick={onRetry}
          data-testid="project-retry"
        />
      }
    />
  );
}

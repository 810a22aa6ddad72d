import { abilitiesOfProjectRole, type ProjectDetail, type ProjectVersionDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { useId } from 'react';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { formatDateTime } from '../../../lib/format/timeAgo.ts';
import { DetailSidebar } from '../../../ui/DetailSidebar.tsx';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { useDownloadProject } from '../../project/hooks/useDownloadProject.ts';
import { useProjectVersion } from '../hooks/useProjectVersion.ts';
import { RestoreVersionButton } from './RestoreVersionButton.tsx';
import { VersionChanges } from './VersionChanges.tsx';
import { VersionMergeFact } from './VersionMergeFact.tsx';
import { tFiles } from '../../../i18n/files.ts';

interface VersionDetailSidebarProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name' | 'role' | 'files' | 'version'>;
  /** The `version_id` query. */
  selectedVersion: string | undefined;
  onClose: () => void;
  /** Shows another version (after a restore, the new one); without it there is no restore button. */
  onOpenVersion?: (version: string) => void;
}

function VersionFacts({ version }: { version: ProjectVersionDetail }) {
  return (
    <dl className="detail-panel__facts">
      <div className="detail-panel__fact">
        <dt className="detail-panel__label">{tFiles('versionDetail.author')}</dt>
        <dd className="detail-panel__value" data-testid="version-detail-author">
          {version.author ?? tFiles('versionDetail.unknown')}
        </dd>
      </div>
      <div className="detail-panel__fact detail-panel__fact--end">
        <dt className="detail-panel__label">{tFiles('versionDetail.projectSize')}</dt>
        <dd className="detail-panel__value" data-testid="version-detail-size">
          {formatByteSize(version.project_size)}
        </dd>
      </div>
      <div className="detail-panel__fact detail-panel__fact--wide">
        <dt className="detail-panel__label">{tFiles('versionDetail.created')}</dt>
        <dd data-testid="version-detail-created">
          <span className="detail-panel__value">{formatDateTime(version.created)}</span>
          <RelativeTime value={version.created} className="detail-panel__hint" />
        </dd>
      </div>
      <div className="detail-panel__fact detail-panel__fact--wide">
        <dt className="detail-panel__label">{tFiles('versionDetail.userAgent')}</dt>
        <dd
          className="detail-panel__value detail-panel__value--plain"
          data-testid="version-detail-user-agent"
        >
          {version.user_agent || tFiles('versionDetail.unknown')}
        </dd>
      </div>
      {version.restored_from && (
        <div className="detail-panel__fact detail-panel__fact--wide">
          <dt className="detail-panel__label">{tFiles('restoreVersion.restoredFrom')}</dt>
          <dd className="detail-panel__value" data-testid="version-detail-restored-from">
            {version.restored_from}
          </dd>
        </div>
      )}
      {version.merge && <VersionMergeFact merge={version.merge} />}
    </dl>
  );
}

function FactsSkeleton() {
  return (
    <div className="detail-panel__facts" role="status" aria-live="polite">
      <span className="visually-hidden">{tFiles('versionDetail.loading')}</span>
      <Skeleton width="6rem" height="2.5rem" />
      <Skeleton width="6rem" height="2.5rem" className="detail-panel__skeleton-end" />
      <Skeleton width="12rem" height="2.5rem" />
      <Skeleton width="14rem" height="2.5rem" />
    </div>
  );
}

/**
 * The version detail sidebar of SPEC §2, open while `version_id` is set: Version, Author, Project size,
 * Created, User agent, a download of the version's zip, and the accordion of its changed files.
 */
export function VersionDetailSidebar({
  project,
  selectedVersion,
  onClose,
  onOpenVersion,
}: VersionDetailSidebarProps) {
  const titleId = useId();
  const { query, isWaitingForChangesets } = useProjectVersion(project, selectedVersion);
  const download = useDownloadProject(project);
  const version = query.data;
  return (
    <DetailSidebar
      isVisible={selectedVersion !== undefined && selectedVersion !== ''}
      labelledBy={titleId}
      closeLabel={tFiles('versionDetail.close')}
      onHide={onClose}
      focusKey={selectedVersion}
      testId="version-detail-sidebar"
    >
      <div className="detail-panel" data-testid="version-detail">
        <div className="detail-panel__title-row">
          <span className="detail-panel__icon" aria-hidden="true">
            <i className="pi pi-history" />
          </span>
          <div className="detail-panel__title-text">
            <span className="detail-panel__label">{tFiles('versionDetail.version')}</span>
            <h2 id={titleId} className="detail-panel__title" data-testid="version-detail-name">
              {version?.name ?? selectedVersion}
            </h2>
          </div>
        </div>
        {version ? <VersionFacts version={version} /> : query.isError ? null : <FactsSkeleton />}
        {query.isError && (
          <p className="detail-panel__note" data-testid="version-detail-failed">
            {tFiles('versionDetail.fetchFailed')}
          </p>
        )}
        {selectedVersion && !query.isError && (
          <div className="detail-panel__actions">
            <Button
              label={tFiles('versionDetail.download')}
              icon="pi pi-download"
              outlined
              aria-label={tFiles('versionDetail.downloadVersion', { version: selectedVersion })}
              loading={download.isPending}
              onClick={() => download.mutate(selectedVersion)}
              data-testid="version-detail-download"
            />
            {/* The latest version's files are the current ones: nothing to restore. */}
            {onOpenVersion &&
              abilitiesOfProjectRole(project.role).upload &&
              selectedVersion !== project.version && (
                <RestoreVersionButton
                  project={project}
                  version={selectedVersion}
                  onRestored={onOpenVersion}
                />
              )}
          </div>
        )}
        {onOpenVersion &&
          abilitiesOfProjectRole(project.role).upload &&
          selectedVersion === project.version && (
            <p className="detail-panel__note detail-panel__note--info" data-testid="version-detail-latest">
              {tFiles('restoreVersion.isLatest')}
            </p>
          )}
        {version && (
          <VersionChanges
            version={version}
            changesetWaiting={{
              isPolling: isWaitingForChangesets,
              isChecking: query.isFetching,
              onCheckAgain: () => void query.refetch(),
            }}
          />
        )}
      </div>
    </DetailSidebar>
  );
}

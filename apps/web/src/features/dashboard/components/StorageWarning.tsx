import type { Workspace } from '@waymark/contract';

import { Button } from 'primereact/button';
import { ClosableElement } from '../../layout/components/ClosableElement.tsx';
import { getStorageUsagePercent, isStorageAlmostFull } from '../storageUsage.ts';
import './dashboard.css';
import { tProjects } from '../../../i18n/projects.ts';

interface StorageWarningProps {
  workspace: Pick<Workspace, 'id' | 'disk_usage' | 'storage'> | undefined;
}

/**
 * SPEC §2 storage warning, warn severity and closable. The dismissal is remembered per workspace:
 * closing the warning of one workspace must not hide it for another that fills up later.
 */
export function StorageWarning({ workspace }: StorageWarningProps) {
  if (!workspace) return null;
  const percent = getStorageUsagePercent(workspace.disk_usage, workspace.storage);
  if (!isStorageAlmostFull(percent)) return null;
  return (
    <ClosableElement id={`dashboard-storage-warning-${workspace.id}`}>
      {(close) => (
        <div className="banner banner--warn storage-warning" role="alert" data-testid="storage-warning">
          <i className="pi pi-exclamation-triangle banner__icon" aria-hidden="true" />
          <div className="storage-warning__body">
            <p className="banner__title">{tProjects('dashboardProject.storageAlmostFull', { percent })}</p>
            <p className="banner__text">{tProjects('dashboardProject.storageSyncSoon')}</p>
          </div>
          <Button
            icon="pi pi-times"
            rounded
            text
            severity="warning"
            aria-label={tProjects('dashboardProject.closeStorageWarning')}
            onClick={close}
            className="storage-warning__close"
            data-testid="storage-warning-close"
          />
        </div>
      )}
    </ClosableElement>
  );
}

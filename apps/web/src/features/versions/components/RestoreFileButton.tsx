import { type ProjectDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNotify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useRestoreFile } from '../hooks/useRestoreVersion.ts';
import { tFiles } from '../../../i18n/files.ts';

interface RestoreFileButtonProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;
  /** The file's path in the project. */
  path: string;
  /** The version whose content of the file comes back. */
  version: string;
  /** 'page': the labelled button of the file-version page; 'row': the small one of a file history row. */
  size?: 'page' | 'row';
  /** After the restore, with the new version's name. */
  onRestored?: (created: string) => void;
}

/**
 * 'Restore this file version' (issue 28, writers): a confirmation naming the file and the version, then a new
 * version in which only this file changes back; a toast names the new version.
 */
export function RestoreFileButton({
  project,
  path,
  version,
  size = 'page',
  onRestored,
}: RestoreFileButtonProps) {
  const notify = useNotify();
  const [isOpen, setOpen] = useState(false);
  const restore = useRestoreFile(project, {
    onRestored: (created) => {
      setOpen(false);
      notify.success(tFiles('restoreFile.restored', { path, version, created: created.name }));
      onRestored?.(created.name);
    },
  });
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    <>
      <Button
        label={size === 'page' ? tFiles('restoreFile.button') : tFiles('restoreFile.rowButton')}
        icon="pi pi-replay"
        outlined
        size={size === 'row' ? 'small' : undefined}
        aria-label={tFiles('restoreFile.buttonLabel', { path, version })}
        onClick={() => setOpen(true)}
        data-testid={size === 'page' ? 'file-version-restore' : 'file-history-restore'}
      />
      <ConfirmDialog
        isVisible={isOpen}
        header={tFiles('restoreFile.header', { name, version })}
        message={tFiles('restoreFile.message', { path, version })}
        confirmLabel={tFiles('restoreFile.confirm')}
        isBusy={restore.isPending}
        testId="restore-file-dialog"
        onConfirm={() => restore.mutate({ version, path })}
        onHide={() => setOpen(false)}
      />
    </>
  );
}

import { planRestore, type ProjectDetail, type ProjectFile } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useFilesAtVersion, useRestoreVersion } from '../hooks/useRestoreVersion.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tFiles } from '../../../i18n/files.ts';

interface RestoreVersionButtonProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name' | 'files'>;
  version: string;
  /** After the restore: the new version's name (the sidebar shows it). */
  onRestored: (name: string) => void;
}

function PlanList({ title, files, testId }: { title: string; files: ProjectFile[]; testId: string }) {
  if (files.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h3 className="restore-plan__title">
        {title} ({files.length})
      </h3>
      <ul className="restore-plan__files">
        {files.map((file) => (
          <li key={file.path}>{file.path}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the restore will change against the latest files, computed by the server's own rule (`planRestore`). */
function RestorePlanMessage({ project, version }: Pick<RestoreVersionButtonProps, 'project' | 'version'>) {
  const past = useFilesAtVersion(project, version, true);
  if (past.isError) return <p>{tFiles('restoreVersion.loadFailed')}</p>;
  if (!past.data) return <p role="status">{tFiles('restoreVersion.loading')}</p>;
  const plan = planRestore(past.data, project.files);
  const isEmpty = plan.added.length + plan.updated.length + plan.removed.length === 0;
  return (
    <div className="restore-plan" data-testid="restore-plan">
      <p>
        {isEmpty
          ? tFiles('restoreVersion.nothing', { version })
          : tFiles('restoreVersion.intro', { version })}
      </p>
      <PlanList title={tFiles('restoreVersion.added')} files={plan.added} testId="restore-plan-added" />
      <PlanList title={tFiles('restoreVersion.updated')} files={plan.updated} testId="restore-plan-updated" />
      <PlanList title={tFiles('restoreVersion.removed')} files={plan.removed} testId="restore-plan-removed" />
    </div>
  );
}

/** 'Restore this version' (issue 28, writers) and its confirmation listing what will change. */
export function RestoreVersionButton({ project, version, onRestored }: RestoreVersionButtonProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const [isOpen, setOpen] = useState(false);
  const restore = useRestoreVersion(project, {
    onRestored: (name) => {
      setOpen(false);
      onRestored(name);
    },
  });
  return (
    <>
      <Button
        label={tFiles('restoreVersion.button')}
        icon="pi pi-replay"
        outlined
        aria-label={tFiles('restoreVersion.buttonLabel', { version })}
        onClick={() => setOpen(true)}
        disabled={isReadOnly}
        data-testid="version-detail-restore"
      />
      <ConfirmDialog
        isVisible={isOpen}
        header={tFiles('restoreVersion.header', { version })}
        message={isOpen ? <RestorePlanMessage project={project} version={version} /> : null}
        confirmLabel={tFiles('restoreVersion.confirm')}
        isBusy={restore.isPending}
        testId="restore-dialog"
        onConfirm={() => restore.mutate(version)}
        onHide={() => setOpen(false)}
      />
    </>
  );
}

import type { ProjectFile } from '@waymark/contract';
import { useMemo, type ReactNode } from 'react';
import { PendingFileChangesContext, type PendingFileChanges } from '../../files/pendingFileChanges.ts';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { diffUpload } from '../uploadChanges.ts';
import { projectPathOf, useUploadStore } from '../uploadStore.ts';

/**
 * Tells the files browser what the project's browser upload would change (SPEC §2 "File detail sidebar":
 * New / Modified / Deleted banners, the new size, added files listed beside the project's).
 */
export function PendingUploadChanges({ children }: { children: ReactNode }) {
  const project = useCurrentProject();
  const overlay = useUploadStore((state) => state.uploads[projectPathOf(project)]?.overlay);
  const changes = useMemo((): PendingFileChanges | null => {
    if (!overlay) return null;
    const diff = diffUpload(project.files, overlay);
    if (diff.changes === 0) return null;
    const files: Record<string, ProjectFile> = {};
    for (const local of Object.values(overlay.localFiles)) {
      files[local.path] = {
        path: local.path,
        size: local.size,
        checksum: local.checksum ?? '',
        mtime: local.mtime,
      };
    }
    return { files, added: diff.added, updated: diff.updated, removed: diff.removed };
  }, [overlay, project.files]);
  return <PendingFileChangesContext value={changes}>{children}</PendingFileChangesContext>;
}

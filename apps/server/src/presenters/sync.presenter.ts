import { type DeltaItem, type ProjectV2, versionName } from '@waymark/contract';
import { effectiveProjectRole, type ProjectAccessFacts } from '../policies/project.policy.ts';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { HistoryRow } from '../repositories/version.repository.ts';
import { isoSeconds } from './timestamps.ts';

/** A v2 project (reference `ProjectSchemaV2`), with its files when asked for. */
export function presentProjectV2(
  { project, workspace }: ProjectWithWorkspace,
  facts: ProjectAccessFacts,
  files?: ReadonlyArray<{ path: string; size: number; checksum: string; mtime: Date }>,
): ProjectV2 {
  return {
    id: project.id,
    name: project.name,
    workspace: { id: workspace.id, name: workspace.name },
    role: effectiveProjectRole(facts),
    version: versionName(project.latestVersion),
    created_at: isoSeconds(project.createdAt),
    updated_at: isoSeconds(project.updatedAt),
    public: project.public,
    size: project.diskUsage,
    ...(files
      ? {
          files: files.map((file) => ({
            path: file.path,
            size: file.size,
            checksum: file.checksum,
            mtime: isoSeconds(file.mtime),
          })),
        }
      : {}),
  };
}

/** One change of the v2 delta, before merging: its diff (if any) is the only one of the list. */
export function presentDeltaChange(row: HistoryRow): DeltaItem {
  return {
    path: row.path,
    size: row.size,
    checksum: row.checksum,
    version: versionName(row.versionNumber),
    change: row.change,
    diffs: row.change === 'update_diff' && row.diffPath ? [{ id: row.diffPath }] : [],
  };
}

import {
  type DeltaItem,
  type ProjectFileV2,
  type ProjectV2,
  projectV2Schema,
  versionName,
} from '@waymark/contract';
import { effectiveProjectRole, type ProjectAccessFacts } from '../policies/project.policy.ts';
import type { ListedFile } from '../repositories/project-file-list.ts';
import type { ListedProjectWithWorkspace, ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { HistoryRow } from '../repositories/version.repository.ts';
import { isoSeconds } from './timestamps.ts';

/** A v2 project (reference `ProjectSchemaV2`), with its files when asked for. */
export function presentProjectV2(
  { project, workspace }: ListedProjectWithWorkspace,
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

/** A v2 project's keys before its files, in the answer's order (its schema's). */
const projectV2HeadSchema = projectV2Schema.omit({ files: true });
export type ProjectV2Head = Omit<ProjectV2, 'files'>;

/** A v2 project without its files (streamed after it: `presentListedFileV2`). */
export function presentProjectV2Head(row: ProjectWithWorkspace, facts: ProjectAccessFacts): ProjectV2Head {
  return projectV2HeadSchema.parse(presentProjectV2(row, facts));
}

/** A file of a v2 project answer, keys in the schema's order. */
export function presentListedFileV2(file: ListedFile): ProjectFileV2 {
  return { path: file.path, size: file.size, checksum: file.checksum, mtime: file.mtime };
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

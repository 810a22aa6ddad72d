import {
  CONFLICT_FILE_PATTERN,
  hasProjectRole,
  type ProjectAccess,
  type ProjectDetail,
  projectDetailSchema,
  type ProjectFile,
  type ProjectListItem,
  type ProjectRole,
  versionName,
} from '@waymark/contract';
import {
  effectiveProjectRole,
  type ProjectAccessFacts,
  projectPermissions,
} from '../policies/project.policy.ts';
import type { ListedFile } from '../repositories/project-file-list.ts';
import type {
  ListedProjectWithWorkspace,
  MemberRow,
  ProjectWithWorkspace,
} from '../repositories/project.repository.ts';
import { isoMicrosZ, isoSeconds } from './timestamps.ts';

/** Role lists are cumulative, as in the reference: writers include owners, readers include everyone. */
export function presentAccess(isPublic: boolean, members: MemberRow[]): ProjectAccess {
  const atLeast = (role: ProjectRole) => members.filter((m) => hasProjectRole(m.role, role));
  const [owners, writers, editors, readers] = [
    atLeast('owner'),
    atLeast('writer'),
    atLeast('editor'),
    atLeast('reader'),
  ];
  return {
    owners: owners.map((m) => m.userId),
    writers: writers.map((m) => m.userId),
    editors: editors.map((m) => m.userId),
    readers: readers.map((m) => m.userId),
    public: isPublic,
    ownersnames: owners.map((m) => m.username),
    writersnames: writers.map((m) => m.username),
    editorsnames: editors.map((m) => m.username),
    readersnames: readers.map((m) => m.username),
  };
}

export function hasConflictFile(paths: string[]): boolean {
  return paths.some((path) => CONFLICT_FILE_PATTERN.test(path));
}

/**
 * `paths`: the project's current paths for `has_conflict`; only those containing `conflict` matter (every
 * conflict copy's path does), so a caller may pass just those.
 */
export function presentProjectListItem(
  { project, workspace }: ListedProjectWithWorkspace,
  facts: ProjectAccessFacts,
  members: MemberRow[],
  paths: string[],
): ProjectListItem {
  return {
    id: project.id,
    name: project.name,
    namespace: workspace.name,
    workspace_id: workspace.id,
    access: presentAccess(project.public, members),
    permissions: projectPermissions(facts),
    role: effectiveProjectRole(facts),
    version: versionName(project.latestVersion),
    // The reference's list schema hands `updated` to its JSON encoder as a datetime; `created` is DateTimeWithZ.
    updated: isoMicrosZ(project.updatedAt),
    created: isoSeconds(project.createdAt),
    creator: project.creatorId,
    disk_usage: project.diskUsage,
    tags: project.tags,
    has_conflict: hasConflictFile(paths),
  };
}

/** The detail's keys before its files, in the order the answer has them (its schema's). */
const projectDetailHeadSchema = projectDetailSchema.omit({ files: true });
export type ProjectDetailHead = Omit<ProjectDetail, 'files'>;

/**
 * Everything of a project's detail but its files (streamed after it: `presentListedFile`). `conflictPaths`: the
 * current paths that may be conflict copies (those containing `conflict`).
 */
export function presentProjectDetailHead(
  row: ProjectWithWorkspace,
  facts: ProjectAccessFacts,
  members: MemberRow[],
  conflictPaths: string[],
  atVersion?: { number: number; createdAt: Date; size: number; qgisProjects: number },
): ProjectDetailHead {
  const head: ProjectDetailHead = {
    ...presentProjectListItem(row, facts, members, conflictPaths),
    updated: isoSeconds(row.project.updatedAt),
    public: row.project.public,
    removed_at: row.project.removedAt ? isoMicrosZ(row.project.removedAt) : null,
    locked_until: null,
    uploads: [],
  };
  if (atVersion) {
    // The project as it was at that version (reference: ProjectSchemaForVersion).
    head.version = versionName(atVersion.number);
    head.updated = isoSeconds(atVersion.createdAt);
    head.disk_usage = atVersion.size;
    head.tags = atVersion.qgisProjects === 1 ? ['valid_qgis', 'input_use'] : [];
  }
  return projectDetailHeadSchema.parse(head);
}

/** A file of a project answer, keys in the schema's order (the list is streamed, not checked item by item). */
export function presentListedFile(file: ListedFile): ProjectFile {
  const out: ProjectFile = { path: file.path, size: file.size, checksum: file.checksum, mtime: file.mtime };
  if (file.change === 'update_diff' && file.diffPath && file.diffChecksum) {
    out.diff = { path: file.diffPath, size: file.diffSize ?? 0, checksum: file.diffChecksum };
  }
  return out;
}

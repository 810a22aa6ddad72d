import {
  CONFLICT_FILE_PATTERN,
  hasProjectRole,
  type ProjectAccess,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectRole,
  versionName,
} from '@waymark/contract';
import {
  effectiveProjectRole,
  type ProjectAccessFacts,
  projectPermissions,
} from '../policies/project.policy.ts';
import type { MemberRow, ProjectFileRow, ProjectWithWorkspace } from '../repositories/project.repository.ts';
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
  { project, workspace }: ProjectWithWorkspace,
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

export function presentProjectDetail(
  row: ProjectWithWorkspace,
  facts: ProjectAccessFacts,
  members: MemberRow[],
  files: ProjectFileRow[],
): ProjectDetail {
  return {
    ...presentProjectListItem(
      row,
      facts,
      members,
      files.map((f) => f.path),
    ),
    updated: isoSeconds(row.project.updatedAt),
    public: row.project.public,
    removed_at: row.project.removedAt ? isoMicrosZ(row.project.removedAt) : null,
    locked_until: null,
    uploads: [],
    files: files.map((file) => ({
      path: file.path,
      size: file.size,
      checksum: file.checksum,
      mtime: isoSeconds(file.mtime),
      ...(file.diff ? { diff: file.diff } : {}),
    })),
  };
}

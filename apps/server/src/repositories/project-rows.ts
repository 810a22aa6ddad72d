import type { ProjectRole, WorkspaceRole } from '@waymark/contract';
import { type AnyColumn, and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  fileHistory,
  projectFiles,
  projectMembers,
  projects,
  workspaceMembers,
  workspaces,
} from '../db/schema.ts';
import type { WorkspaceRow } from './workspace.repository.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectWithWorkspace = { project: ProjectRow; workspace: WorkspaceRow };
/** What a list item of a project shows of it and of its workspace (the columns a project list selects). */
export type ListedProject = Pick<
  ProjectRow,
  'id' | 'name' | 'public' | 'latestVersion' | 'diskUsage' | 'tags' | 'creatorId' | 'createdAt' | 'updatedAt'
>;
export type ListedProjectWithWorkspace = {
  project: ListedProject;
  workspace: Pick<WorkspaceRow, 'id' | 'name'>;
};
export type ProjectFileRow = typeof projectFiles.$inferSelect & { diff: DiffRef | null };
export type DiffRef = { path: string; size: number; checksum: string };
export type VersionFile = { path: string; size: number; checksum: string; blobSha256: string; mtime: Date };
export type MemberRow = { projectId: string; userId: number; username: string; role: ProjectRole };
/** A caller's member roles in a project and in its workspace (undefined: not a member). */
export type AccessRoles = { project: ProjectRole | undefined; workspace: WorkspaceRole | undefined };
export type ProjectForCaller = ProjectWithWorkspace & { roles: AccessRoles };
/** What a raw download needs of a file's latest change at or before a version. */
export type FileChangeRef = Pick<
  typeof fileHistory.$inferSelect,
  | 'change'
  | 'size'
  | 'blobSha256'
  | 'diffPath'
  | 'diffSize'
  | 'diffBlobSha256'
  | 'versionNumber'
  | 'changesetStatus'
  | 'changesetSize'
  | 'changesetBlobSha256'
> & {
  /** When the version of the change was made. */
  versionCreatedAt: Date;
};

/** A project by its workspace and project names (both case-insensitive). */
export const byPath = (workspaceName: string, projectName: string) =>
  and(
    sql`lower(${workspaces.name}) = lower(${workspaceName})`,
    sql`lower(${projects.name}) = lower(${projectName})`,
  );

/** The user's roles in a project and its workspace as two scalar subqueries (nulls for nobody). */
export const rolesOf = (
  db: Db,
  userId: number | Placeholder | null,
  projectId: SQL | AnyColumn,
  workspaceId: SQL | AnyColumn,
) =>
  userId === null
    ? { projectRole: sql<ProjectRole | null>`null`, workspaceRole: sql<WorkspaceRole | null>`null` }
    : {
        projectRole: sql<ProjectRole | null>`(${db
          .select({ role: projectMembers.role })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))})`,
        workspaceRole: sql<WorkspaceRole | null>`(${db
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))})`,
      };

export const withRoles = (row: {
  project: ProjectRow;
  workspace: WorkspaceRow;
  projectRole: ProjectRole | null;
  workspaceRole: WorkspaceRole | null;
}): ProjectForCaller => ({
  project: row.project,
  workspace: row.workspace,
  roles: { project: row.projectRole ?? undefined, workspace: row.workspaceRole ?? undefined },
});

export type { WorkspaceRow };

import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projects, projectVersions, users, workspaces } from '../db/schema.ts';
import { createProjectAdminRepository } from './project-admin.repository.ts';
import { createProjectFileListRepository } from './project-file-list.ts';
import { createProjectFileRepository } from './project-file.repository.ts';
import { createProjectListQueries } from './project-list.query.ts';
import { createProjectMemberRepository } from './project-member.repository.ts';
import {
  byPath,
  type ProjectForCaller,
  type ProjectRow,
  type ProjectWithWorkspace,
  rolesOf,
  withRoles,
} from './project-rows.ts';

export type { AdminProjectRow } from './project-admin.repository.ts';
export type { ListFilters, Viewer } from './project-list-shape.ts';
export type { ProjectListRow } from './project-list.query.ts';
export type {
  AccessRoles,
  DiffRef,
  FileChangeRef,
  ListedProjectWithWorkspace,
  MemberRow,
  ProjectFileRow,
  ProjectForCaller,
  ProjectRow,
  ProjectWithWorkspace,
  VersionFile,
} from './project-rows.ts';

/** All SQL about projects, their members, versions and current files. */
export function createProjectRepository(db: Db) {
  /** The project `where` picks, its workspace and the caller's member roles (none for anonymous callers). */
  async function findForCaller(
    where: SQL | undefined,
    userId: number | null,
  ): Promise<ProjectForCaller | undefined> {
    const [row] = await db
      .select({
        project: projects,
        workspace: workspaces,
        ...rolesOf(db, userId, projects.id, workspaces.id),
      })
      .from(projects)
      .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
      .where(where);
    return row && withRoles(row);
  }

  return {
    async findByPath(workspaceName: string, projectName: string): Promise<ProjectWithWorkspace | undefined> {
      const [row] = await db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(byPath(workspaceName, projectName));
      return row;
    },

    /** Projects (live or removed) at any of these paths, in one query. */
    async findByPaths(paths: Array<{ workspace: string; name: string }>): Promise<ProjectWithWorkspace[]> {
      if (paths.length === 0) return [];
      return db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(or(...paths.map((path) => byPath(path.workspace, path.name))));
    },

    async findById(id: string): Promise<ProjectWithWorkspace | undefined> {
      const [row] = await db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(eq(projects.id, id));
      return row;
    },

    /** Projects (live or removed) with any of these ids, in one query. */
    async findByIds(ids: string[]): Promise<ProjectWithWorkspace[]> {
      if (ids.length === 0) return [];
      return db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(inArray(projects.id, ids));
    },

    /** Any project (live or awaiting purge) holding this name in the workspace. */
    async findByName(workspaceId: number, name: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.workspaceId, workspaceId), sql`lower(${projects.name}) = lower(${name})`));
      return row;
    },

    /**
     * A project by its path with the caller's member roles (none for anonymous callers): what every request on a
     * project needs before anything else, in one query.
     */
    async findByPathForCaller(
      workspaceName: string,
      projectName: string,
      userId: number | null,
    ): Promise<ProjectForCaller | undefined> {
      return findForCaller(byPath(workspaceName, projectName), userId);
    },

    /** A project by id with the caller's member roles (none for anonymous callers), in one query. */
    async findByIdForCaller(id: string, userId: number | null): Promise<ProjectForCaller | undefined> {
      return findForCaller(eq(projects.id, id), userId);
    },

    /** Inserts the project with its empty version v0. */
    async insertWithVersionZero(
      values: typeof projects.$inferInsert,
      version: { authorId: number; userAgent: string | null },
    ): Promise<ProjectRow> {
      const [row] = await db.insert(projects).values(values).returning();
      if (!row) throw new Error('insert into projects returned no row');
      await db.insert(projectVersions).values({ projectId: row.id, number: 0, ...version });
      return row;
    },

    async update(
      id: string,
      changes: Partial<typeof projects.$inferInsert>,
    ): Promise<ProjectRow | undefined> {
      const [row] = await db.update(projects).set(changes).where(eq(projects.id, id)).returning();
      return row;
    },

    /** Templates are projects created by the user TEMPLATES, as in the reference server. */
    async templates(): Promise<ProjectWithWorkspace[]> {
      return db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .innerJoin(users, eq(users.id, projects.creatorId))
        .where(and(eq(users.username, 'TEMPLATES'), isNull(projects.removedAt)))
        .orderBy(asc(projects.name));
    },

    ...createProjectListQueries(db),
    ...createProjectMemberRepository(db),
    ...createProjectFileRepository(db),
    ...createProjectFileListRepository(db),
    ...createProjectAdminRepository(db),
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
export type { WorkspaceRow } from './project-rows.ts';

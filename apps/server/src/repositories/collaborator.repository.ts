import type { ProjectRole, WorkspaceRole } from '@waymark/contract';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projectMembers, projects, users, workspaceMembers } from '../db/schema.ts';
import type { UserRow } from './user.repository.ts';

/** A user with their explicit roles in one project and in its workspace (null where they hold none). */
export type CollaboratorRow = {
  user: UserRow;
  projectRole: ProjectRole | null;
  workspaceMemberRole: WorkspaceRole | null;
};

/** SQL about the people of one project: its members and the members of its workspace. */
export function createCollaboratorRepository(db: Db) {
  /** Active users with their roles in the project and its workspace, filtered by `where`. */
  function select(projectId: string, workspaceId: number) {
    return db
      .select({
        user: users,
        projectRole: projectMembers.role,
        workspaceMemberRole: workspaceMembers.role,
      })
      .from(users)
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, users.id)),
      )
      .leftJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, users.id)),
      );
  }

  return {
    /** Every active member of the project or of its workspace, by username. */
    async listOf(projectId: string, workspaceId: number): Promise<CollaboratorRow[]> {
      return select(projectId, workspaceId)
        .where(
          and(
            eq(users.active, true),
            or(isNotNull(projectMembers.userId), isNotNull(workspaceMembers.userId)),
          ),
        )
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
    },

    /** One user (active or not) with their roles in the project and its workspace. */
    async findOne(
      projectId: string,
      workspaceId: number,
      userId: number,
    ): Promise<CollaboratorRow | undefined> {
      const [row] = await select(projectId, workspaceId).where(eq(users.id, userId));
      return row;
    },

    /** Whether the user owns a live project of the workspace (explicit project role). */
    async ownsProjectIn(workspaceId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .where(
          and(
            eq(projectMembers.userId, userId),
            eq(projectMembers.role, 'owner'),
            eq(projects.workspaceId, workspaceId),
            isNull(projects.removedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Locks the project row until the transaction ends, so member changes that check for a remaining owner run
     * one after the other.
     */
    async lockProject(projectId: string): Promise<void> {
      await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    },
  };
}

export type CollaboratorRepository = ReturnType<typeof createCollaboratorRepository>;

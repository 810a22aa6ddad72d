import type { ProjectRole } from '@waymark/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projectMembers, projects, users } from '../db/schema.ts';
import { type AccessRoles, type MemberRow, rolesOf } from './project-rows.ts';

/** The members of projects and their roles. */
export function createProjectMemberRepository(db: Db) {
  return {
    async membersOf(projectIds: string[]): Promise<MemberRow[]> {
      if (projectIds.length === 0) return [];
      return db
        .select({
          projectId: projectMembers.projectId,
          userId: projectMembers.userId,
          username: users.username,
          role: projectMembers.role,
        })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(inArray(projectMembers.projectId, projectIds))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    /** The user's explicit roles in many projects at once. */
    async memberRolesOf(userId: number, projectIds: string[]): Promise<Map<string, ProjectRole>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .select({ projectId: projectMembers.projectId, role: projectMembers.role })
        .from(projectMembers)
        .where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, projectIds)));
      return new Map(rows.map((row) => [row.projectId, row.role]));
    },

    /** The user's member roles in the project and in its workspace, in one query. */
    async accessRoles(projectId: string, workspaceId: number, userId: number): Promise<AccessRoles> {
      const [row] = await db
        .select(rolesOf(db, userId, sql`${projectId}::uuid`, sql`${workspaceId}::int`))
        .from(projects)
        .where(eq(projects.id, projectId));
      return { project: row?.projectRole ?? undefined, workspace: row?.workspaceRole ?? undefined };
    },
    async memberRole(projectId: string, userId: number): Promise<ProjectRole | undefined> {
      const [row] = await db
        .select({ role: projectMembers.role })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
      return row?.role;
    },

    async setMember(projectId: string, userId: number, role: ProjectRole): Promise<void> {
      await db
        .insert(projectMembers)
        .values({ projectId, userId, role })
        .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } });
    },

    async removeMember(projectId: string, userId: number): Promise<void> {
      await db
        .delete(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    },

    /** Drops the user's project roles in every project of the workspace (a workspace role reset). */
    async removeMemberInWorkspace(workspaceId: number, userId: number): Promise<void> {
      await db
        .delete(projectMembers)
        .where(
          and(
            eq(projectMembers.userId, userId),
            inArray(
              projectMembers.projectId,
              db.select({ id: projects.id }).from(projects).where(eq(projects.workspaceId, workspaceId)),
            ),
          ),
        );
    },

    /** Adds or changes many members in one statement (the id and role lists travel as two array parameters). */
    async setMembers(projectId: string, members: ReadonlyArray<{ userId: number; role: ProjectRole }>) {
      if (members.length === 0) return;
      const userIds = sql.param(members.map((member) => member.userId));
      const roles = sql.param(members.map((member) => member.role));
      await db
        .insert(projectMembers)
        .select(
          sql`SELECT ${projectId}::uuid, given.user_id, given.role, now()
              FROM unnest(${userIds}::int[], ${roles}::project_role[]) AS given(user_id, role)`,
        )
        .onConflictDoUpdate({
          target: [projectMembers.projectId, projectMembers.userId],
          set: { role: sql`excluded.role` },
        });
    },

    /** Removes many members in one statement. */
    async removeMembers(projectId: string, userIds: readonly number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .delete(projectMembers)
        .where(
          and(
            eq(projectMembers.projectId, projectId),
            sql`${projectMembers.userId} = ANY(${sql.param([...userIds])}::int[])`,
          ),
        );
    },
  };
}

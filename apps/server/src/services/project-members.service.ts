import {
  hasProjectRole,
  PROJECT_OWNER_REQUIRED_TEXT,
  PROJECT_ROLES,
  type ProjectDetail,
  type ProjectRole,
  UPDATE_PROJECT_ACCESS_ERROR,
  type UpdateProjectRequest,
} from '@waymark/contract';
import { invalid as invalidInput, unprocessable } from '../lib/errors.ts';
import { canManageProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { ProjectService } from './project.service.ts';

const LIST_ROLE: Record<string, ProjectRole> = {
  ownersnames: 'owner',
  writersnames: 'writer',
  editorsnames: 'editor',
  readersnames: 'reader',
};

/** The project after the update, and the usernames that were skipped (unknown or inactive). */
export type AccessUpdateResult = { project: ProjectDetail; invalidUsernames: string[] };

/** Project members by role lists (the legacy PUT /v1/project/{namespace}/{name}). */
export function createProjectMembersService(deps: { repos: Repositories; projectService: ProjectService }) {
  const { repos, projectService } = deps;
  const { projects, users } = repos;

  return {
    /**
     * Each listed user gets the highest role whose list names them; for every list sent, members holding that
     * role but missing from it lose it. Unknown or inactive usernames are reported, not fatal, as long as some
     * change was made; when none could be, the update fails as unprocessable. An update that would leave the
     * project without any owner is refused (400).
     */
    async updateAccess(
      actor: NonNullable<Actor>,
      namespace: string,
      name: string,
      request: UpdateProjectRequest,
    ): Promise<AccessUpdateResult> {
      const { row } = await projectService.requireProject(
        actor,
        await projects.findByPath(namespace, name),
        canManageProject,
      );
      const access = request.access;
      const wanted = new Map<number, ProjectRole>();
      const invalid: string[] = [];
      for (const [key, role] of Object.entries(LIST_ROLE)) {
        for (const username of (access[key as keyof typeof access] as string[] | undefined) ?? []) {
          const user = await users.findByUsername(username);
          if (!user?.active) {
            if (!invalid.includes(username)) invalid.push(username);
            continue;
          }
          const current = wanted.get(user.id);
          if (!current || hasProjectRole(role, current)) wanted.set(user.id, role);
        }
      }

      const sentRoles = new Set(
        Object.entries(LIST_ROLE)
          .filter(([key]) => access[key as keyof typeof access] !== undefined)
          .map(([, role]) => role),
      );
      const members = await projects.membersOf([row.project.id]);
      const changes: Array<{ userId: number; role: ProjectRole | null }> = [];
      for (const role of [...PROJECT_ROLES].reverse()) {
        if (!sentRoles.has(role)) continue;
        for (const [userId, wantedRole] of wanted) {
          const current = members.find((m) => m.userId === userId)?.role;
          if (wantedRole === role && current !== role) changes.push({ userId, role });
        }
        for (const member of members) {
          if (member.role === role && !wanted.has(member.userId))
            changes.push({ userId: member.userId, role: null });
        }
      }

      // A project must keep an owner: an update that would take away the last one is refused as a whole.
      const roleAfter = new Map(members.map((m) => [m.userId, m.role as ProjectRole | null]));
      for (const change of changes) roleAfter.set(change.userId, change.role);
      const ownsBefore = members.some((m) => m.role === 'owner');
      const ownsAfter = [...roleAfter.values()].some((role) => role === 'owner');
      if (ownsBefore && !ownsAfter) throw invalidInput(PROJECT_OWNER_REQUIRED_TEXT);

      if (invalid.length > 0 && changes.length === 0) {
        throw unprocessable(UPDATE_PROJECT_ACCESS_ERROR.detail, {
          code: UPDATE_PROJECT_ACCESS_ERROR.code,
          extra: { invalid_usernames: invalid, invalid_ids: [] },
        });
      }
      // All or nothing: a failure half-way must not leave half the members changed.
      await repos.transaction(async (tx) => {
        const repo = tx.projects;
        for (const change of changes) {
          if (change.role) await repo.setMember(row.project.id, change.userId, change.role);
          else await repo.removeMember(row.project.id, change.userId);
        }
        if (access.public !== undefined) await repo.update(row.project.id, { public: access.public });
      });
      return { project: await projectService.getById(actor, row.project.id), invalidUsernames: invalid };
    },
  };
}

export type ProjectMembersService = ReturnType<typeof createProjectMembersService>;

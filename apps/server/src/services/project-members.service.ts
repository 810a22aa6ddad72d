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
import { collectJson } from '../lib/json-stream.ts';
import { canManageProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { ProjectService } from './project.service.ts';

/** The access lists of the request and the role each one grants, highest first. */
const LISTS = [
  ['ownersnames', 'owner'],
  ['writersnames', 'writer'],
  ['editorsnames', 'editor'],
  ['readersnames', 'reader'],
] as const satisfies ReadonlyArray<readonly [keyof UpdateProjectRequest['access'], ProjectRole]>;

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
      const { row } = await projectService.requireProjectAt(actor, namespace, name, canManageProject);
      const access = request.access;
      const lists = LISTS.map(([key, role]) => ({ role, names: access[key] }));

      // One query for every name of every list, and Sets/Maps from here on: the work grows linearly with the
      // lists (each capped by the contract), never with one query or one scan per name.
      const found = await users.findIdsByUsernames([...new Set(lists.flatMap((list) => list.names ?? []))]);
      const wanted = new Map<number, ProjectRole>();
      const invalid = new Set<string>();
      for (const { role, names } of lists) {
        for (const username of names ?? []) {
          const user = found.get(username);
          if (!user?.active) {
            invalid.add(username);
            continue;
          }
          const current = wanted.get(user.id);
          if (!current || hasProjectRole(role, current)) wanted.set(user.id, role);
        }
      }

      const sentRoles = new Set(lists.filter((list) => list.names !== undefined).map((list) => list.role));
      const members = await projects.membersOf([row.project.id]);
      const roleBefore = new Map(members.map((m) => [m.userId, m.role]));
      const changes: Array<{ userId: number; role: ProjectRole | null }> = [];
      for (const role of [...PROJECT_ROLES].reverse()) {
        if (!sentRoles.has(role)) continue;
        for (const [userId, wantedRole] of wanted) {
          if (wantedRole === role && roleBefore.get(userId) !== role) changes.push({ userId, role });
        }
        for (const member of members) {
          if (member.role === role && !wanted.has(member.userId))
            changes.push({ userId: member.userId, role: null });
        }
      }

      // A project must keep an owner: an update that would take away the last one is refused as a whole.
      const roleAfter = new Map<number, ProjectRole | null>(roleBefore);
      for (const change of changes) roleAfter.set(change.userId, change.role);
      const ownsBefore = members.some((m) => m.role === 'owner');
      const ownsAfter = [...roleAfter.values()].some((role) => role === 'owner');
      if (ownsBefore && !ownsAfter) throw invalidInput(PROJECT_OWNER_REQUIRED_TEXT);

      const invalidUsernames = [...invalid];
      if (invalidUsernames.length > 0 && changes.length === 0) {
        throw unprocessable(UPDATE_PROJECT_ACCESS_ERROR.detail, {
          code: UPDATE_PROJECT_ACCESS_ERROR.code,
          extra: { invalid_usernames: invalidUsernames, invalid_ids: [] },
        });
      }
      // All or nothing, and a fixed number of statements however many members change.
      await repos.transaction(async (tx) => {
        const repo = tx.projects;
        await repo.setMembers(
          row.project.id,
          changes.flatMap(({ userId, role }) => (role ? [{ userId, role }] : [])),
        );
        await repo.removeMembers(
          row.project.id,
          changes.flatMap(({ userId, role }) => (role ? [] : [userId])),
        );
        if (access.public !== undefined) await repo.update(row.project.id, { public: access.public });
      });
      // Its answer nests the detail in another object: collected, not streamed (an access change, not a sync).
      const project = await collectJson<ProjectDetail>(await projectService.getById(actor, row.project.id));
      return { project, invalidUsernames };
    },
  };
}

export type ProjectMembersService = ReturnType<typeof createProjectMembersService>;

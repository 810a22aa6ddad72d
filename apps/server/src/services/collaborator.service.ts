import {
  type AddCollaboratorRequest,
  COLLABORATOR_TEXTS,
  MAX_DB_INT,
  type ProjectAccessDetail,
  type ProjectCollaborator,
  PROJECT_OWNER_REQUIRED_TEXT,
  type UpdateCollaboratorRequest,
  USER_SEARCH_LIMIT,
  type UserSearchItem,
  type UserSearchQuery,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { conflict, forbidden, invalid, notFound } from '../lib/errors.ts';
import {
  canManageProject,
  canSearchUsersIn,
  canSeeProjectAccess,
  effectiveProjectRole,
  type ProjectAccessFacts,
} from '../policies/project.policy.ts';
import { type Actor, effectiveWorkspaceRole, roleHolderOf } from '../policies/workspace.policy.ts';
import { presentCollaborator, presentUserSearchItem } from '../presenters/collaborator.presenter.ts';
import type { CollaboratorRow } from '../repositories/collaborator.repository.ts';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { workspaceRoleOf } from './project-access.ts';
import type { ProjectService } from './project.service.ts';

/**
 * Project collaborators (reference: /v2/projects/{id}/collaborators), the access overview and the user search of
 * the share dialog. Changing members needs the manage ability (owners, workspace admins, superusers); a project
 * always keeps an owner.
 */
export function createCollaboratorService(deps: {
  config: AppConfig;
  repos: Repositories;
  projectService: ProjectService;
}) {
  const { config, repos, projectService } = deps;
  const { projects, collaborators, users, workspaces } = repos;

  /** The roles of one listed person, worked out by the policies from their membership rows. */
  function present({ user, projectRole, workspaceMemberRole }: CollaboratorRow, row: ProjectWithWorkspace) {
    const actor = { id: user.id, isAdmin: user.isAdmin };
    const workspaceRole = effectiveWorkspaceRole(actor, workspaceMemberRole ?? undefined, config) ?? 'guest';
    const role = effectiveProjectRole({
      user: roleHolderOf(actor),
      isPublic: row.project.public,
      memberRole: projectRole,
      workspaceRole,
    });
    return role ? presentCollaborator(user, { projectRole, workspaceRole, role }) : undefined;
  }

  /**
   * Members of the project, and members of its workspace whose role there gives them access (guests of the
   * workspace only with a project role), by username.
   */
  async function listed(row: ProjectWithWorkspace): Promise<ProjectCollaborator[]> {
    const rows = await collaborators.listOf(row.project.id, row.workspace.id);
    return rows.flatMap((entry) => {
      const member = present(entry, row);
      return member && (member.project_role || member.workspace_role !== 'guest') ? [member] : [];
    });
  }

  async function requireProject(
    actor: NonNullable<Actor>,
    projectId: string,
    check: (f: ProjectAccessFacts) => boolean = canManageProject,
  ) {
    return (await projectService.requireProject(actor, await projects.findById(projectId), check)).row;
  }

  /** The member as answered after a change. */
  async function answer(row: ProjectWithWorkspace, userId: number): Promise<ProjectCollaborator> {
    const entry = await collaborators.findOne(row.project.id, row.workspace.id, userId);
    const member = entry && present(entry, row);
    if (!member) throw notFound(COLLABORATOR_TEXTS.notMember);
    return member;
  }

  /**
   * Runs a change of one member's role under the project's row lock: 404 unless they are an active member; 400 when
   * the change would take the project's last owner.
   */
  async function changeMember(
    row: ProjectWithWorkspace,
    userId: number,
    change: (tx: Repositories) => Promise<void>,
    keepsOwner: boolean,
  ): Promise<void> {
    await repos.transaction(async (tx) => {
      await tx.collaborators.lockProject(row.project.id);
      const user = await tx.users.findById(userId);
      const current = user?.active ? await tx.projects.memberRole(row.project.id, userId) : undefined;
      if (!current) throw notFound(COLLABORATOR_TEXTS.notMember);
      if (current === 'owner' && !keepsOwner) {
        const owners = (await tx.projects.membersOf([row.project.id])).filter((m) => m.role === 'owner');
        if (owners.length <= 1) throw invalid(PROJECT_OWNER_REQUIRED_TEXT);
      }
      await change(tx);
    });
  }

  return {
    /** GET /v2/projects/{id}/collaborators */
    async list(actor: NonNullable<Actor>, projectId: string): Promise<ProjectCollaborator[]> {
      return listed(await requireProject(actor, projectId));
    },

    /** GET /app/project/{id}/access: the same people, for anyone holding a role in the project. */
    async accessOverview(actor: NonNullable<Actor>, projectId: string): Promise<ProjectAccessDetail[]> {
      const members = await listed(await requireProject(actor, projectId, canSeeProjectAccess));
      return members.map((member) => ({ ...member, type: 'member' as const }));
    },

    /** POST /v2/projects/{id}/collaborators: the user named by username or e-mail gets the role. */
    async add(
      actor: NonNullable<Actor>,
      projectId: string,
      body: AddCollaboratorRequest,
    ): Promise<ProjectCollaborator> {
      const row = await requireProject(actor, projectId);
      const user = await users.findByLogin(body.user);
      if (!user?.active) throw notFound(COLLABORATOR_TEXTS.userNotFound);
      await repos.transaction(async (tx) => {
        await tx.collaborators.lockProject(row.project.id);
        if (await tx.projects.memberRole(row.project.id, user.id))
          throw conflict(COLLABORATOR_TEXTS.alreadyMember);
        await tx.projects.setMember(row.project.id, user.id, body.role);
      });
      return answer(row, user.id);
    },

    /** PATCH /v2/projects/{id}/collaborators/{user_id}: a member's new role; nobody changes their own (SPEC §6). */
    async update(
      actor: NonNullable<Actor>,
      projectId: string,
      userId: number,
      body: UpdateCollaboratorRequest,
    ): Promise<ProjectCollaborator> {
      const row = await requireProject(actor, projectId);
      if (userId === actor.id) throw forbidden(COLLABORATOR_TEXTS.ownRole);
      await changeMember(
        row,
        userId,
        (tx) => tx.projects.setMember(row.project.id, userId, body.role),
        body.role === 'owner',
      );
      return answer(row, userId);
    },

    /** DELETE /v2/projects/{id}/collaborators/{user_id}: drops the member's project role. */
    async remove(actor: NonNullable<Actor>, projectId: string, userId: number): Promise<void> {
      const row = await requireProject(actor, projectId);
      await changeMember(row, userId, (tx) => tx.projects.removeMember(row.project.id, userId), false);
    },

    /**
     * GET /app/auth/user/search: active users to share with, for callers who may share in the workspace (with
     * `project_id`: who manage that project, and its members are left out). An unknown workspace answers like a
     * refused one, so the call tells strangers nothing about which names exist.
     */
    async search(actor: NonNullable<Actor>, query: UserSearchQuery): Promise<UserSearchItem[]> {
      const workspace = await workspaces.findByName(query.namespace);
      if (!workspace) throw forbidden(COLLABORATOR_TEXTS.cannotSearch);
      let excludeProjectId: string | undefined;
      if (query.project_id) {
        const row = await requireProject(actor, query.project_id);
        if (row.workspace.id !== workspace.id) throw forbidden(COLLABORATOR_TEXTS.cannotSearch);
        excludeProjectId = row.project.id;
      } else {
        const role = await workspaceRoleOf({ config, workspaces }, actor, workspace.id);
        const owns = await collaborators.ownsProjectIn(workspace.id, actor.id);
        if (!canSearchUsersIn(actor, role, owns)) throw forbidden(COLLABORATOR_TEXTS.cannotSearch);
      }
      // As the reference: ids first, then usernames, then the text; nothing asked, nothing found.
      const criteria = query.id
        ? { ids: query.id.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_DB_INT) }
        : query.names
          ? { names: query.names }
          : { like: query.like };
      if (!criteria.like && !criteria.ids?.length && !criteria.names?.length) return [];
      const found = await users.search({ ...criteria, excludeProjectId, limit: USER_SEARCH_LIMIT });
      return found.map(presentUserSearchItem);
    },
  };
}

export type CollaboratorService = ReturnType<typeof createCollaboratorService>;

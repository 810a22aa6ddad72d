import {
  ADMIN_TEXTS,
  ERROR_TEXTS,
  PROJECT_TEXTS,
  type UserPublic,
  type Workspace,
  workspaceNameSchema,
  type WorkspaceRole,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { invalid, conflict, forbidden, notFound } from '../lib/errors.ts';
import { type Actor, canViewWorkspace, effectiveWorkspaceRole } from '../policies/workspace.policy.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import { presentLogin, presentUserProfile } from '../presenters/user.presenter.ts';
import { presentWorkspace } from '../presenters/workspace.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { viewerOf } from './project-access.ts';
import type { WorkspaceMemberRow, WorkspaceRow } from '../repositories/workspace.repository.ts';
import { emitWebhookEvent } from './webhook-events.ts';

/**
 * Workspaces: listing with usage and the caller's role, and their administration (the CLI and the admin panel,
 * whose callers the admin service has checked).
 */
export function createWorkspaceService(deps: { config: AppConfig; repos: Repositories }) {
  const { config, repos } = deps;
  const { workspaces, users, projects } = repos;

  /**
   * Gives `userId` the role in the workspace (adding them when `mode` allows), keeping at least one owner: the
   * workspace row is locked while the owners are counted, so two demotions cannot both pass. Answers the member.
   */
  async function putMember(
    workspaceId: number,
    userId: number,
    role: WorkspaceRole | null,
    mode: 'add' | 'change' | 'upsert',
    /** Who does it, for the workspace's webhooks (null: the CLI). */
    actorId: number | null = null,
  ): Promise<WorkspaceMemberRow | undefined> {
    return repos.transaction(async (tx) => {
      const workspace = await tx.workspaces.lock(workspaceId);
      if (!workspace) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const members = await tx.workspaces.members(workspaceId);
      const current = members.find((member) => member.userId === userId);
      if (current && mode === 'add') throw conflict(ADMIN_TEXTS.alreadyMember);
      if (!current && mode === 'change') throw notFound(ADMIN_TEXTS.notMember);
      const owners = members.filter((member) => member.role === 'owner').length;
      if (current?.role === 'owner' && role !== 'owner' && owners === 1)
        throw conflict(ADMIN_TEXTS.lastOwner);
      if (role === null) {
        await tx.workspaces.removeMember(workspaceId, userId);
        if (current) {
          await emitWebhookEvent(tx, workspace, actorId, 'member.removed', () => ({
            member: { id: userId, username: current.username },
          }));
        }
        return undefined;
      }
      await tx.workspaces.upsertMember(workspaceId, userId, role);
      const member = (await tx.workspaces.members(workspaceId)).find((row) => row.userId === userId);
      if (!current && member) {
        await emitWebhookEvent(tx, workspace, actorId, 'member.added', () => ({
          member: { id: userId, username: member.username },
          role,
        }));
      }
      return member;
    });
  }

  /** A user to add by username or e-mail: closed accounts (`.closed-<id>`) are nobody. */
  async function memberToBe(login: string) {
    const user = await users.findByLogin(login.trim());
    if (!user || user.username.startsWith('.')) throw notFound(ADMIN_TEXTS.userNotFound);
    return user;
  }

  /** Storage is the workspace's own figure; the project count only counts projects this caller may see. */
  async function present(
    actor: NonNullable<Actor>,
    rows: Array<WorkspaceRow & { role: WorkspaceRole }>,
  ): Promise<Workspace[]> {
    const ids = rows.map((row) => row.id);
    const [usage, visibleCounts] = await Promise.all([
      workspaces.usage(ids),
      projects.countVisibleByWorkspace(viewerOf(actor, config), ids),
    ]);
    return rows.map((row) =>
      presentWorkspace(row, row.role, {
        diskUsage: usage.get(row.id)?.diskUsage ?? 0,
        projectCount: visibleCounts.get(row.id) ?? 0,
      }),
    );
  }

  /** The workspaces the actor is a member of, in name order, each with the actor's effective role. */
  async function membershipsOf(
    actor: NonNullable<Actor>,
  ): Promise<Array<WorkspaceRow & { role: WorkspaceRole }>> {
    const rows = await workspaces.listForUser(actor.id);
    return rows.map((row) => ({ ...row, role: effectiveWorkspaceRole(actor, row.role, config) ?? row.role }));
  }

  return {
    /** The workspaces the actor is a member of, each with the actor's effective role, usage and project count. */
    async listForActor(actor: NonNullable<Actor>): Promise<Workspace[]> {
      return present(actor, await membershipsOf(actor));
    },

    /** `listForActor` without usage and counts (the profile's list): one query. */
    async refsForActor(
      actor: NonNullable<Actor>,
    ): Promise<Array<{ id: number; name: string; role: WorkspaceRole }>> {
      return (await membershipsOf(actor)).map(({ id, name, role }) => ({ id, name, role }));
    },

    async getForActor(id: number, actor: NonNullable<Actor>): Promise<Workspace> {
      const row = await workspaces.findById(id);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const memberRole = await workspaces.findMemberRole(id, actor.id);
      const role = effectiveWorkspaceRole(actor, memberRole, config);
      if (!role || !canViewWorkspace(role, memberRole !== undefined)) {
        throw forbidden(PROJECT_TEXTS.noWorkspacePermission);
      }
      const [presented] = await present(actor, [{ ...row, role }]);
      if (!presented) throw notFound(ERROR_TEXTS.workspaceNotFound);
      return presented;
    },

    /** GET /v1/user/profile: the user with their workspaces, the preferred one if they still belong to it. */
    async profile(actor: NonNullable<Actor>, user: UserRow) {
      const refs = await this.refsForActor(actor);
      const preferred = refs.some((ws) => ws.id === user.preferredWorkspaceId)
        ? user.preferredWorkspaceId
        : null;
      return presentUserProfile(user, refs, preferred ?? refs[0]?.id ?? null);
    },

    /** The answer of POST /v1/auth/login: the user, their Bearer token and their personal workspace's storage. */
    async loginAnswer(user: UserRow, bearer: { token: string; expire: Date }) {
      const personal = await this.personalStorage(user.username);
      return presentLogin(user, bearer, personal);
    },

    /** Storage figures of the personal workspace named after the user, for the API sign-in answer. */
    async personalStorage(
      username: string,
    ): Promise<{ storage: number; diskUsage: number; projectCount: number } | undefined> {
      const personal = await workspaces.findByName(username);
      if (!personal) return undefined;
      const usage = (await workspaces.usage([personal.id])).get(personal.id);
      return {
        storage: personal.storage,
        diskUsage: usage?.diskUsage ?? 0,
        projectCount: usage?.projectCount ?? 0,
      };
    },

    /**
     * GET /v1/user/{username} (deprecated; the reference ignores the name): the caller's personal workspace's
     * storage and usage, and their role in each of their workspaces.
     */
    async userPublic(
      actor: NonNullable<Actor>,
      user: { username: string; email: string },
    ): Promise<UserPublic> {
      const [personal, memberships] = await Promise.all([
        this.personalStorage(user.username),
        membershipsOf(actor),
      ]);
      const storage = personal?.storage ?? config.defaultStorage;
      return {
        username: user.username,
        email: user.email,
        disk_usage: personal?.diskUsage ?? 0,
        storage,
        storage_limit: storage,
        organisations: Object.fromEntries(memberships.map((row) => [row.name, row.role])),
      };
    },

    async create(input: { name: string; storage?: number | undefined }): Promise<WorkspaceRow> {
      const name = workspaceNameSchema.safeParse(input.name);
      if (!name.success) throw invalid(name.error.issues[0]?.message ?? 'Invalid workspace name');
      if (await workspaces.findByName(name.data)) throw conflict('Workspace with this name already exists');
      if (await users.findByUsername(name.data)) throw conflict('Workspace with this name already exists');
      return workspaces.insert({ name: name.data, storage: input.storage ?? config.defaultStorage });
    },

    async setStorage(name: string, storage: number): Promise<WorkspaceRow> {
      const row = await workspaces.findByName(name);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      return this.setStorageById(row.id, storage);
    },

    async setStorageById(id: number, storage: number): Promise<WorkspaceRow> {
      const row = await workspaces.findById(id);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      await workspaces.setStorage(row.id, storage);
      return { ...row, storage };
    },

    /** The CLI's add-member: adds the user or changes their role (a sole owner keeps the owner role). */
    async addMember(input: { workspace: string; login: string; role: WorkspaceRole }): Promise<void> {
      const row = await workspaces.findByName(input.workspace);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const user = await users.findByLogin(input.login);
      if (!user) throw notFound(`User ${input.login} not found`);
      await putMember(row.id, user.id, input.role, 'upsert');
    },

    async members(id: number): Promise<WorkspaceMemberRow[]> {
      if (!(await workspaces.findById(id))) throw notFound(ERROR_TEXTS.workspaceNotFound);
      return workspaces.members(id);
    },

    /** Adds a member by username or e-mail (409 when already one). */
    async addMemberById(
      id: number,
      login: string,
      role: WorkspaceRole,
      actorId: number | null = null,
    ): Promise<WorkspaceMemberRow> {
      if (!(await workspaces.findById(id))) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const user = await memberToBe(login);
      const member = await putMember(id, user.id, role, 'add', actorId);
      if (!member) throw notFound(ADMIN_TEXTS.notMember);
      return member;
    },

    /** Changes a member's role; the last owner stays owner (409). */
    async changeMemberRole(
      id: number,
      userId: number,
      role: WorkspaceRole,
      actorId: number | null = null,
    ): Promise<WorkspaceMemberRow> {
      const member = await putMember(id, userId, role, 'change', actorId);
      if (!member) throw notFound(ADMIN_TEXTS.notMember);
      return member;
    },

    /** Removes a member; the last owner stays (409). */
    async removeMemberById(id: number, userId: number, actorId: number | null = null): Promise<void> {
      await putMember(id, userId, null, 'change', actorId);
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

import {
  ADMIN_FAILED_MAILS_LIMIT,
  ADMIN_TEXTS,
  type AdminCreateUserRequest,
  type AdminProject,
  type AdminProjectListQuery,
  type AdminProjectListResponse,
  type AdminServerInfo,
  type AdminUpdateUserRequest,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AdminWorkspace,
  type AdminWorkspaceListQuery,
  type AdminWorkspaceListResponse,
  type AdminWorkspaceMember,
  ERROR_TEXTS,
  type MaintenanceResponse,
  PROJECT_TEXTS,
  type ServerUsage,
  type WorkspaceRole,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { APP_VERSION } from '../lib/app-version.ts';
import { forbidden, invalid, notFound } from '../lib/errors.ts';
import { describeMailTransport } from '../mail/mailer.ts';
import { FAILED_MAIL_QUEUE } from '../jobs/job-names.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import {
  presentAdminProject,
  presentAdminUser,
  presentAdminWorkspace,
  presentAdminWorkspaceMember,
  presentFailedMail,
} from '../presenters/admin.presenter.ts';
import type { DeadLetterReader } from '../jobs/dead-letters.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import type { AccountService } from './account.service.ts';
import type { MaintenanceService } from './maintenance.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { ProjectService } from './project.service.ts';
import type { UserService } from './user.service.ts';
import type { WorkspaceService } from './workspace.service.ts';

/** Contributors count the authors of versions in this many last days. */
const CONTRIBUTOR_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

type Logger = { info(obj: object, msg: string): void };
type Superuser = NonNullable<Actor>;

/**
 * The admin panel (issue 13): every call is for superusers only (`canAdministerServer`). It drives the services
 * that already own each rule: users (creation), account (closing = anonymising), password reset (reset and
 * invitation mails), workspaces (quota, members and the last-owner rule, as the CLI), projects (restore, the
 * housekeeping purge) and maintenance.
 */
export function createAdminService(deps: {
  config: AppConfig;
  repos: Repositories;
  /** pg-boss's dead letters (the failed mails). */
  deadLetters: DeadLetterReader;
  log: Logger;
  users: UserService;
  account: AccountService;
  passwordReset: PasswordResetService;
  workspaces: WorkspaceService;
  projects: ProjectService;
  maintenance: MaintenanceService;
}) {
  const { config, repos, log } = deps;

  /** The actor, when a superuser; 403 otherwise (routes answer 401 for anonymous callers first). */
  function authorize(actor: Actor): Superuser {
    if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
    return actor;
  }

  /** An account by username; closed accounts (`.closed-<id>`) are not found. */
  async function userNamed(username: string): Promise<UserRow> {
    const user = await repos.users.findByUsername(username);
    if (!user || user.username.startsWith('.')) throw notFound(ADMIN_TEXTS.userNotFound);
    return user;
  }

  async function presentUser(user: UserRow): Promise<AdminUser> {
    const [hasProject, twoFactor] = await Promise.all([
      repos.users.hasProject(user.id),
      repos.twoFactor.enabledAmong([user.id]),
    ]);
    return presentAdminUser(user, hasProject, twoFactor.has(user.id));
  }

  async function workspaceItem(id: number): Promise<AdminWorkspace> {
    const row = await repos.workspaces.adminFind(id);
    if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
    return presentAdminWorkspace(row);
  }

  const pageOf = (query: { page: number; per_page: number }) => ({
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });

  return {
    /** Checks the caller before anything else of the request is looked at (routes call it first). */
    authorize,

    // Users ------------------------------------------------------------------------------------------------------

    async listUsers(actor: Actor, query: AdminUserListQuery): Promise<AdminUserListResponse> {
      authorize(actor);
      const { rows, count } = await repos.users.adminPage({
        like: query.like?.trim() || undefined,
        orderBy: query.order_by,
        descending: query.descending,
        ...pageOf(query),
      });
      const twoFactor = await repos.twoFactor.enabledAmong(rows.map((row) => row.id));
      return {
        items: rows.map((row) => presentAdminUser(row, row.hasProject, twoFactor.has(row.id))),
        count,
      };
    },

    async getUser(actor: Actor, username: string): Promise<AdminUser> {
      authorize(actor);
      return presentUser(await userNamed(username));
    },

    /** Creates an account; without a password the user is mailed an invitation to set one. */
    async createUser(actor: Actor, request: AdminCreateUserRequest): Promise<AdminUser> {
      const admin = authorize(actor);
      const user = await deps.users.createUserFromAdmin(request);
      if (!user.passwordHash) await deps.passwordReset.sendInvitation(user);
      log.info({ by: admin.id, userId: user.id, invited: !user.passwordHash }, 'user created by a superuser');
      return presentUser(user);
    },

    /**
     * Superuser status and active state. Nobody unmakes or deactivates themself, and the last active superuser
     * stays one (checked with the other superusers locked, so two such changes cannot both pass). Deactivating
     * ends the user's sessions and tokens at once (the user repository bumps the token epoch).
     */
    async updateUser(actor: Actor, username: string, request: AdminUpdateUserRequest): Promise<AdminUser> {
      const admin = authorize(actor);
      const user = await userNamed(username);
      const demotes = request.is_admin === false && user.isAdmin;
      const deactivates = request.active === false && user.active;
      if (user.id === admin.id && demotes) throw invalid(ADMIN_TEXTS.ownSuperuser);
      if (user.id === admin.id && deactivates) throw invalid(ADMIN_TEXTS.ownDeactivate);
      const changes: Partial<UserRow> = {};
      if (request.is_admin !== undefined && request.is_admin !== user.isAdmin)
        changes.isAdmin = request.is_admin;
      if (request.active !== undefined && request.active !== user.active) changes.active = request.active;
      if (Object.keys(changes).length === 0) return presentUser(user);
      const updated = await repos.transaction(async (tx) => {
        if (user.isAdmin && user.active && (demotes || deactivates)) {
          if ((await tx.users.lockOtherActiveAdmins(user.id)) === 0) throw invalid(ADMIN_TEXTS.lastSuperuser);
        }
        const row = await tx.users.update(user.id, changes);
        if (changes.active === false) await tx.sessions.deleteForUser(user.id);
        return row ?? user;
      });
      log.info({ by: admin.id, userId: user.id, changes }, 'user changed by a superuser');
      return presentUser(updated);
    },

    /** Deletes (anonymises) an account as closing it does, refused the same way; not one's own. */
    async deleteUser(actor: Actor, username: string): Promise<void> {
      const admin = authorize(actor);
      const user = await userNamed(username);
      if (user.id === admin.id) throw invalid(ADMIN_TEXTS.ownDelete);
      await deps.account.closeAccount(user, ADMIN_TEXTS.soleOwner);
      log.info({ by: admin.id, userId: user.id }, 'user deleted by a superuser');
    },

    /** Mails the user a password reset link (through the mail queue); only to an active account. */
    async sendPasswordReset(actor: Actor, username: string): Promise<void> {
      authorize(actor);
      const user = await userNamed(username);
      if (!user.active) throw invalid(ADMIN_TEXTS.inactiveUser);
      await deps.passwordReset.sendResetLink(user);
    },

    // Workspaces -------------------------------------------------------------------------------------------------

    async listWorkspaces(actor: Actor, query: AdminWorkspaceListQuery): Promise<AdminWorkspaceListResponse> {
      authorize(actor);
      const { rows, count } = await repos.workspaces.adminPage({
        like: query.like?.trim() || undefined,
        orderBy: query.order_by,
        descending: query.descending,
        ...pageOf(query),
      });
      return { items: rows.map(presentAdminWorkspace), count };
    },

    async createWorkspace(actor: Actor, input: { name: string; storage: number }): Promise<AdminWorkspace> {
      authorize(actor);
      const created = await deps.workspaces.create(input);
      return workspaceItem(created.id);
    },

    async setWorkspaceStorage(actor: Actor, id: number, storage: number): Promise<AdminWorkspace> {
      authorize(actor);
      await deps.workspaces.setStorageById(id, storage);
      return workspaceItem(id);
    },

    async listMembers(actor: Actor, id: number): Promise<AdminWorkspaceMember[]> {
      authorize(actor);
      return (await deps.workspaces.members(id)).map(presentAdminWorkspaceMember);
    },

    async addMember(
      actor: Actor,
      id: number,
      login: string,
      role: WorkspaceRole,
    ): Promise<AdminWorkspaceMember> {
      authorize(actor);
      return presentAdminWorkspaceMember(
        await deps.workspaces.addMemberById(id, login, role, actor?.id ?? null),
      );
    },

    async changeMember(
      actor: Actor,
      id: number,
      userId: number,
      role: WorkspaceRole,
    ): Promise<AdminWorkspaceMember> {
      authorize(actor);
      return presentAdminWorkspaceMember(
        await deps.workspaces.changeMemberRole(id, userId, role, actor?.id ?? null),
      );
    },

    async removeMember(actor: Actor, id: number, userId: number): Promise<void> {
      authorize(actor);
      await deps.workspaces.removeMemberById(id, userId, actor?.id ?? null);
    },

    // Projects ---------------------------------------------------------------------------------------------------

    async listProjects(actor: Actor, query: AdminProjectListQuery): Promise<AdminProjectListResponse> {
      authorize(actor);
      const { rows, count } = await repos.projects.adminPage({
        like: query.like?.trim() || undefined,
        removed: query.removed,
        orderBy: query.order_by,
        descending: query.descending,
        ...pageOf(query),
      });
      return { items: rows.map((row) => presentAdminProject(row, config.deletedProjectRetentionMs)), count };
    },

    async restoreProject(actor: Actor, id: string): Promise<AdminProject> {
      const admin = authorize(actor);
      await deps.projects.restoreRemoved(id);
      const row = await repos.projects.adminFind(id);
      if (!row) throw notFound(PROJECT_TEXTS.notFound);
      log.info({ by: admin.id, projectId: id }, 'project restored by a superuser');
      return presentAdminProject(row, config.deletedProjectRetentionMs);
    },

    async deleteProjectNow(actor: Actor, id: string): Promise<void> {
      const admin = authorize(actor);
      await deps.projects.purgeRemovedNow(id);
      log.info({ by: admin.id, projectId: id }, 'removed project purged by a superuser');
    },

    // Server -----------------------------------------------------------------------------------------------------

    async usage(actor: Actor, now = new Date()): Promise<ServerUsage> {
      authorize(actor);
      const usage = await repos.usage.serverUsage(new Date(now.getTime() - CONTRIBUTOR_WINDOW_MS));
      return {
        active_monthly_contributors: usage.activeContributors,
        projects: usage.projects,
        storage: usage.storage,
        users: usage.users,
        workspaces: usage.workspaces,
        editors: usage.editors,
        files_stored: usage.filesStored,
        files_referenced: usage.filesReferenced,
      };
    },

    async serverInfo(actor: Actor): Promise<AdminServerInfo> {
      authorize(actor);
      const [maintenance, failed] = await Promise.all([
        deps.maintenance.state(),
        deps.deadLetters.deadLetters(FAILED_MAIL_QUEUE, ADMIN_FAILED_MAILS_LIMIT),
      ]);
      return {
        version: APP_VERSION,
        maintenance: maintenance.on,
        maintenance_source: maintenance.source,
        mail_transport: describeMailTransport(config),
        failed_mails: failed.map(presentFailedMail),
      };
    },

    /** The admin switch of maintenance mode (the database's, read by every process). */
    async setMaintenance(actor: Actor, on: boolean): Promise<MaintenanceResponse> {
      const admin = authorize(actor);
      const state = await deps.maintenance.setSwitch(on, admin.id);
      log.info({ by: admin.id, on }, 'maintenance switch changed by a superuser');
      return { maintenance: state.on, maintenance_source: state.source };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

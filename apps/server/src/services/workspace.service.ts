import { ERROR_TEXTS, type Workspace, type WorkspaceRole } from '@waymark/contract';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { type Actor, canViewWorkspace, effectiveWorkspaceRole } from '../policies/workspace.policy.ts';
import { presentWorkspace } from '../presenters/workspace.presenter.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { WorkspaceRepository, WorkspaceRow } from '../repositories/workspace.repository.ts';

const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Workspace name cannot be empty')
  .max(50, 'Workspace name must be at most 50 characters long')
  .regex(/^[\p{L}\p{N}_.-][\p{L}\p{N}_. -]*$/u, 'Workspace name contains invalid characters');

/** Workspaces: listing with usage and the caller's role, and the administration done by the CLI. */
export function createWorkspaceService(deps: {
  config: AppConfig;
  workspaces: WorkspaceRepository;
  users: UserRepository;
}) {
  const { config, workspaces, users } = deps;

  async function present(rows: Array<WorkspaceRow & { role: WorkspaceRole }>): Promise<Workspace[]> {
    const usage = await workspaces.usage(rows.map((row) => row.id));
    return rows.map((row) => presentWorkspace(row, row.role, usage.get(row.id)));
  }

  return {
    /** The workspaces the actor is a member of, each with the actor's effective role. */
    async listForActor(actor: NonNullable<Actor>): Promise<Workspace[]> {
      const rows = await workspaces.listForUser(actor.id);
      return present(
        rows.map((row) => ({ ...row, role: effectiveWorkspaceRole(actor, row.role, config) ?? row.role })),
      );
    },

    async getForActor(id: number, actor: NonNullable<Actor>): Promise<Workspace> {
      const row = await workspaces.findById(id);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const memberRole = await workspaces.findMemberRole(id, actor.id);
      const role = effectiveWorkspaceRole(actor, memberRole, config);
      if (!role || !canViewWorkspace(role, memberRole !== undefined)) {
        throw forbidden('You do not have permissions for this workspace');
      }
      const [presented] = await present([{ ...row, role }]);
      if (!presented) throw notFound(ERROR_TEXTS.workspaceNotFound);
      return presented;
    },

    async create(input: { name: string; storage?: number | undefined }): Promise<WorkspaceRow> {
      const name = workspaceNameSchema.safeParse(input.name);
      if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Invalid workspace name');
      if (await workspaces.findByName(name.data)) throw conflict('Workspace with this name already exists');
      if (await users.findByUsername(name.data)) throw conflict('Workspace with this name already exists');
      return workspaces.insert({ name: name.data, storage: input.storage ?? config.defaultStorage });
    },

    async setStorage(name: string, storage: number): Promise<WorkspaceRow> {
      const row = await workspaces.findByName(name);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      await workspaces.setStorage(row.id, storage);
      return { ...row, storage };
    },

    async addMember(input: { workspace: string; login: string; role: WorkspaceRole }): Promise<void> {
      const row = await workspaces.findByName(input.workspace);
      if (!row) throw notFound(ERROR_TEXTS.workspaceNotFound);
      const user = await users.findByLogin(input.login);
      if (!user) throw notFound(`User ${input.login} not found`);
      await workspaces.upsertMember(row.id, user.id, input.role);
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

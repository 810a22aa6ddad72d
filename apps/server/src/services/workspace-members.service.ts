import { randomUUID } from 'node:crypto';
import {
  ADMIN_TEXTS,
  type CreateInvitationRequest,
  ERROR_TEXTS,
  hasWorkspaceRole,
  MAX_DB_INT,
  type UpdateWorkspaceMemberRequest,
  WORKSPACE_INVITATION_LIFETIME_MS,
  WORKSPACE_MEMBER_TEXTS,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { conflict, forbidden, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { workspaceInvitationMail } from '../mail/templates/workspace-invitation.mail.ts';
import {
  type Actor,
  canAddUsers,
  canGrantWorkspaceOwner,
  canManageWorkspaceMembers,
} from '../policies/workspace.policy.ts';
import { presentInvitation, presentWorkspaceMember } from '../presenters/workspace-member.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { WorkspaceRow } from '../repositories/workspace.repository.ts';
import { workspaceRoleOf } from './project-access.ts';
import type { WorkspaceService } from './workspace.service.ts';
import { emitWebhookEvent } from './webhook-events.ts';

type Manager = { workspace: WorkspaceRow; role: WorkspaceRole | null };

/**
 * The workspace API of Mergin's larger editions (issue 23): a workspace's admins (and superusers) list, change and
 * remove its members, invite addresses and create users in it. The owner role is given and taken by owners only,
 * and the last owner stays (the workspace service's rule, as in the admin panel).
 */
export function createWorkspaceMembersService(deps: {
  config: AppConfig;
  log: Logger;
  mailer: Mailer;
  repos: Repositories;
  workspaces: WorkspaceService;
}) {
  const { config, log, mailer, repos } = deps;

  /** The workspace, when the caller may manage its members: 404 unknown, 403 otherwise. */
  async function requireManager(actor: NonNullable<Actor>, workspaceId: number): Promise<Manager> {
    const workspace = await repos.workspaces.findById(workspaceId);
    if (!workspace) throw notFound(WORKSPACE_MEMBER_TEXTS.workspaceNotFound);
    const role = await workspaceRoleOf({ config, workspaces: repos.workspaces }, actor, workspaceId);
    if (!canManageWorkspaceMembers(role)) throw forbidden(WORKSPACE_MEMBER_TEXTS.noAdmin);
    return { workspace, role };
  }

  /** Owners alone give or take the owner role. */
  function assertMayTouchOwner(manager: Manager, ...roles: Array<WorkspaceRole | undefined>): void {
    if (roles.includes('owner') && !canGrantWorkspaceOwner(manager.role)) {
      throw forbidden(WORKSPACE_MEMBER_TEXTS.ownerOnly);
    }
  }

  async function memberOf(workspaceId: number, userId: number) {
    const member = (await repos.workspaces.members(workspaceId)).find((row) => row.userId === userId);
    if (!member) throw notFound(ADMIN_TEXTS.notMember);
    return member;
  }

  return {
    async list(actor: NonNullable<Actor>, workspaceId: number): Promise<WorkspaceMember[]> {
      await requireManager(actor, workspaceId);
      return (await repos.workspaces.members(workspaceId)).map(presentWorkspaceMember);
    },

    async get(actor: NonNullable<Actor>, workspaceId: number, userId: number): Promise<WorkspaceMember> {
      await requireManager(actor, workspaceId);
      return presentWorkspaceMember(await memberOf(workspaceId, userId));
    },

    /** A new role; with `reset_projects_roles` the member's project roles in the workspace go too. */
    async update(
      actor: NonNullable<Actor>,
      workspaceId: number,
      userId: number,
      request: UpdateWorkspaceMemberRequest,
    ): Promise<WorkspaceMember> {
      const manager = await requireManager(actor, workspaceId);
      const current = await memberOf(workspaceId, userId);
      if (current.role !== request.workspace_role) {
        assertMayTouchOwner(manager, current.role, request.workspace_role);
      }
      const member = await deps.workspaces.changeMemberRole(
        workspaceId,
        userId,
        request.workspace_role,
        actor.id,
      );
      if (request.reset_projects_roles) await repos.projects.removeMemberInWorkspace(workspaceId, userId);
      log.info(
        { by: actor.id, workspaceId, userId, role: request.workspace_role },
        'workspace member changed',
      );
      return presentWorkspaceMember(member);
    },

    async remove(actor: NonNullable<Actor>, workspaceId: number, userId: number): Promise<void> {
      const manager = await requireManager(actor, workspaceId);
      const current = await memberOf(workspaceId, userId);
      assertMayTouchOwner(manager, current.role);
      await deps.workspaces.removeMemberById(workspaceId, userId, actor.id);
      log.info({ by: actor.id, workspaceId, userId }, 'workspace member removed');
    },

    /**
     * POST /v2/users by someone who is no superuser: allowed into a workspace they manage (the owner role only by
     * its owners). Checked before the body's other rules are looked at.
     */
    async assertMayCreateUsers(
      actor: NonNullable<Actor>,
      workspaceId: unknown,
      role: unknown,
    ): Promise<void> {
      if (canAddUsers(actor)) return;
      // Not a workspace id at all (a database integer): no workspace of which the caller is an admin.
      if (
        typeof workspaceId !== 'number' ||
        !Number.isInteger(workspaceId) ||
        workspaceId <= 0 ||
        workspaceId > MAX_DB_INT
      ) {
        throw forbidden(ERROR_TEXTS.permissionDenied);
      }
      const workspaceRole = await workspaceRoleOf(
        { config, workspaces: repos.workspaces },
        actor,
        workspaceId,
      );
      if (!canAddUsers(actor, workspaceRole)) throw forbidden(ERROR_TEXTS.permissionDenied);
      if (role === 'owner' && !canGrantWorkspaceOwner(workspaceRole)) {
        throw forbidden(WORKSPACE_MEMBER_TEXTS.ownerOnly);
      }
    },

    /**
     * Invites an address to the workspace with a role (a pending invitation of the same address is replaced) and
     * mails it the link that accepts. An address whose account already is a member is refused (409).
     */
    async invite(
      actor: NonNullable<Actor>,
      workspaceId: number,
      request: CreateInvitationRequest,
    ): Promise<WorkspaceInvitation> {
      const manager = await requireManager(actor, workspaceId);
      assertMayTouchOwner(manager, request.role);
      const account = await repos.users.findByEmail(request.email);
      if (account && (await repos.workspaces.findMemberRole(workspaceId, account.id))) {
        throw conflict(ADMIN_TEXTS.alreadyMember);
      }
      const invitation = await repos.invitations.put({
        id: randomUUID(),
        workspaceId,
        email: request.email,
        role: request.role,
        invitedBy: actor.id,
        expiresAt: new Date(Date.now() + WORKSPACE_INVITATION_LIFETIME_MS),
      });
      const inviter = await repos.users.findById(actor.id);
      await mailer.send({
        to: request.email,
        ...workspaceInvitationMail({
          workspace: manager.workspace.name,
          role: request.role,
          invitedBy: inviter?.username ?? 'A workspace admin',
          link: `${config.publicUrl}/invitation/${invitation.id}`,
        }),
      });
      log.info({ by: actor.id, workspaceId, invitationId: invitation.id }, 'workspace invitation sent');
      return presentInvitation(invitation, manager.workspace);
    },

    /** An invitation, to its invitee (the account of its address) or to the workspace's managers; 404 to others. */
    async getInvitation(actor: NonNullable<Actor>, id: string): Promise<WorkspaceInvitation> {
      const invitation = await repos.invitations.findById(id);
      if (!invitation || !(await mayHandle(actor, invitation))) {
        throw notFound(WORKSPACE_MEMBER_TEXTS.invitationNotFound);
      }
      return presentInvitation(invitation, { id: invitation.workspaceId, name: invitation.workspaceName });
    },

    /** Withdraws (a manager) or declines (the invitee) an invitation. */
    async deleteInvitation(actor: NonNullable<Actor>, id: string): Promise<void> {
      const invitation = await repos.invitations.findById(id);
      if (!invitation || !(await mayHandle(actor, invitation))) {
        throw notFound(WORKSPACE_MEMBER_TEXTS.invitationNotFound);
      }
      await repos.invitations.delete(id);
    },

    /**
     * Accepts an invitation: the signed-in account of the invited address joins the workspace with the role (a
     * member keeps a higher role they have); the invitation is used up.
     */
    async acceptInvitation(
      actor: NonNullable<Actor>,
      id: string,
    ): Promise<{ id: number; name: string; role: WorkspaceRole }> {
      const user = await repos.users.findById(actor.id);
      const invitation = await repos.invitations.findById(id);
      if (!invitation || !user) throw notFound(WORKSPACE_MEMBER_TEXTS.invitationNotFound);
      if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw forbidden(WORKSPACE_MEMBER_TEXTS.invitationOtherAddress);
      }
      if (invitation.expiresAt.getTime() <= Date.now())
        throw invalid(WORKSPACE_MEMBER_TEXTS.invitationExpired);
      const role = await repos.transaction(async (tx) => {
        if (!(await tx.invitations.delete(id))) throw notFound(WORKSPACE_MEMBER_TEXTS.invitationNotFound);
        const current = await tx.workspaces.findMemberRole(invitation.workspaceId, user.id);
        if (current && hasWorkspaceRole(current, invitation.role)) return current;
        await tx.workspaces.upsertMember(invitation.workspaceId, user.id, invitation.role);
        if (!current) {
          await emitWebhookEvent(
            tx,
            { id: invitation.workspaceId, name: invitation.workspaceName },
            user.id,
            'member.added',
            () => ({ member: { id: user.id, username: user.username }, role: invitation.role }),
          );
        }
        return invitation.role;
      });
      log.info(
        { userId: user.id, workspaceId: invitation.workspaceId, role },
        'workspace invitation accepted',
      );
      return { id: invitation.workspaceId, name: invitation.workspaceName, role };
    },
  };

  async function mayHandle(
    actor: NonNullable<Actor>,
    invitation: { email: string; workspaceId: number },
  ): Promise<boolean> {
    const user = await repos.users.findById(actor.id);
    if (user && user.email.toLowerCase() === invitation.email.toLowerCase()) return true;
    const role = await workspaceRoleOf(
      { config, workspaces: repos.workspaces },
      actor,
      invitation.workspaceId,
    );
    return canManageWorkspaceMembers(role);
  }
}

export type WorkspaceMembersService = ReturnType<typeof createWorkspaceMembersService>;

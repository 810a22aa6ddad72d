import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { workspaceRoleSchema } from './roles.ts';
import { emailSchema } from './user.ts';

/**
 * The workspace API of Mergin's larger editions (issue 23), as the `mergin` client calls it: members
 * (`/v2/workspaces/{id}/members[/{user_id}]`), invitations (`/v2/workspaces/{id}/invitations`, accepted at
 * `/v1/workspace/invitation/{id}/accept`).
 */

/** How long an invitation link works. */
export const WORKSPACE_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const WORKSPACE_MEMBER_TEXTS = {
  noAdmin: 'You do not have admin permissions to workspace',
  ownerOnly: 'Only workspace owners may grant or take away the owner role',
  workspaceNotFound: 'Workspace not found',
  invitationNotFound: 'Invitation not found',
  invitationOtherAddress: 'This invitation was sent to another e-mail address',
  invitationExpired: 'This invitation has expired',
  workspaceRequired: 'workspace_id is required',
} as const;

/** A member of a workspace (list_workspace_members, get_workspace_member, update_workspace_member). */
export const workspaceMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  workspace_role: workspaceRoleSchema,
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceMemberParamsSchema = z.object({ id: dbIdSchema, user_id: dbIdSchema });

/** Body of PATCH /v2/workspaces/{id}/members/{user_id}. */
export const updateWorkspaceMemberRequestSchema = z.object({
  workspace_role: workspaceRoleSchema,
  /** Removes the member's project roles in the workspace's projects, so the workspace role alone applies. */
  reset_projects_roles: z.boolean().optional().default(false),
});
export type UpdateWorkspaceMemberRequest = z.infer<typeof updateWorkspaceMemberRequestSchema>;

/** Body of POST /v2/workspaces/{id}/invitations. */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: workspaceRoleSchema,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

/** An invitation to a workspace. */
export const workspaceInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

export const invitationParamsSchema = z.object({ id: z.uuid({ error: 'Invitation not found' }) });

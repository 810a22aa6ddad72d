import { type Workspace, type WorkspaceAbilities, workspaceAbilities } from '@waymark/contract';

/**
 * What the user may do in a workspace of GET /v1/workspaces, by the contract's role arithmetic. The
 * listed role is already the server's effective role (global settings applied), so no global permission
 * is added again; superusers own every workspace.
 */
export function listedWorkspaceAbilities(
  workspace: Pick<Workspace, 'role'>,
  isSuperuser: boolean,
): WorkspaceAbilities {
  return workspaceAbilities({ user: { isSuperuser }, memberRole: workspace.role, globalPermission: null });
}

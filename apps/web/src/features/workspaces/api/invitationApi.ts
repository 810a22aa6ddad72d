import type { WorkspaceInvitation, WorkspaceRole } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /v1/workspace/invitation/{id}: an invitation to the signed-in user's address. */
export async function fetchInvitation(id: string): Promise<WorkspaceInvitation> {
  return api.workspaceMembers.invitation({ params: { id } });
}

/** POST /v1/workspace/invitation/{id}/accept: joins the workspace. */
export async function acceptInvitation(
  id: string,
): Promise<{ id: number; name: string; role: WorkspaceRole }> {
  return api.workspaceMembers.acceptInvitation({ params: { id } });
}

/** DELETE /v1/workspace/invitation/{id}: declines it. */
export async function declineInvitation(id: string): Promise<void> {
  await api.workspaceMembers.deleteInvitation({ params: { id } });
}

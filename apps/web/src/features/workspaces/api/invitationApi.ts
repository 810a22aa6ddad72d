import type { WorkspaceInvitation, WorkspaceRole } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

const address = (id: string) => `/v1/workspace/invitation/${encodeURIComponent(id)}`;

/** GET /v1/workspace/invitation/{id}: an invitation to the signed-in user's address. */
export async function fetchInvitation(id: string): Promise<WorkspaceInvitation> {
  return (await http.get<WorkspaceInvitation>(address(id))).data;
}

/** POST /v1/workspace/invitation/{id}/accept: joins the workspace. */
export async function acceptInvitation(
  id: string,
): Promise<{ id: number; name: string; role: WorkspaceRole }> {
  return (await http.post<{ id: number; name: string; role: WorkspaceRole }>(`${address(id)}/accept`)).data;
}

/** DELETE /v1/workspace/invitation/{id}: declines it. */
export async function declineInvitation(id: string): Promise<void> {
  await http.delete(address(id));
}

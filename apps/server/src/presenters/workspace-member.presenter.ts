import type { WorkspaceInvitation, WorkspaceMember } from '@waymark/contract';
import type { InvitationRow } from '../repositories/invitation.repository.ts';
import type { WorkspaceMemberRow } from '../repositories/workspace.repository.ts';
import { isoSeconds } from './timestamps.ts';
import { displayName } from './user.presenter.ts';

export function presentWorkspaceMember(member: WorkspaceMemberRow): WorkspaceMember {
  return {
    id: member.userId,
    username: member.username,
    email: member.email,
    name: displayName(member),
    workspace_role: member.role,
  };
}

export function presentInvitation(
  invitation: InvitationRow,
  workspace: { id: number; name: string },
): WorkspaceInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    workspace: { id: workspace.id, name: workspace.name },
    created_at: isoSeconds(invitation.createdAt),
    expires_at: isoSeconds(invitation.expiresAt),
  };
}

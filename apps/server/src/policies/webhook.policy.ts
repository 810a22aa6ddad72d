import { hasWorkspaceRole, type WorkspaceRole } from '@waymark/contract';

/** A workspace's webhooks (URLs, secrets, delivery log) are for its admins and owners, and superusers. */
export function canManageWebhooks(role: WorkspaceRole | null): boolean {
  return hasWorkspaceRole(role, 'admin');
}

import type { Workspace, WorkspaceRole } from '@waymark/contract';
import type { WorkspaceRow, WorkspaceUsage } from '../repositories/workspace.repository.ts';

export function presentWorkspace(
  row: WorkspaceRow,
  role: WorkspaceRole,
  usage: WorkspaceUsage | undefined,
): Workspace {
  return {
    id: row.id,
    name: row.name,
    storage: row.storage,
    disk_usage: usage?.diskUsage ?? 0,
    project_count: usage?.projectCount ?? 0,
    role,
  };
}

import { AdminWorkspaces } from '../features/admin/components/AdminWorkspaces.tsx';

/** /admin/workspaces — every workspace with its storage, projects and members. */
export function AdminWorkspacesPage() {
  return <AdminWorkspaces />;
}

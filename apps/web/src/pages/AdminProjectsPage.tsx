import { AdminProjects } from '../features/admin/components/AdminProjects.tsx';

/** /admin/projects — every project of the server, and those scheduled for deletion. */
export function AdminProjectsPage() {
  return <AdminProjects />;
}

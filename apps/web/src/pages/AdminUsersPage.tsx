import { AdminUsers } from '../features/admin/components/AdminUsers.tsx';

/** /admin/users — every account of the server. */
export function AdminUsersPage() {
  return <AdminUsers />;
}

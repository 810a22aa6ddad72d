import { AdminServer } from '../features/admin/components/AdminServer.tsx';

/** /admin/server — maintenance mode, version, usage figures and mail. */
export function AdminServerPage() {
  return <AdminServer />;
}
